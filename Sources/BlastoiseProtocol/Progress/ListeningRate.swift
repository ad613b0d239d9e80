/// The playback rate a person chose for a book or a podcast (additive; ours): every device of
/// theirs plays that book or show at it, pitch kept.
public struct ListeningRate: Codable, Sendable, Equatable {
  public var kind: ProgressKind
  /// The book's ID, or the podcast's feed URL: what the rate is kept for.
  public var show: String
  /// 0.5 to 3.
  public var rate: Double

  public init(kind: ProgressKind, show: String, rate: Double) {
    self.kind = kind
    self.show = show
    self.rate = rate
  }
}

/// `GET /api/rates`: every rate the caller chose.
public struct RateList: Codable, Sendable, Equatable {
  public var rates: [ListeningRate]

  public init(rates: [ListeningRate]) { self.rates = rates }
}

/// `PUT /api/rates/:kind/:show`: the rate to keep for the book or show.
public struct RateChoice: Codable, Sendable, Equatable {
  public var rate: Double

  public init(rate: Double) { self.rate = rate }

  enum CodingKeys: String, CodingKey, CaseIterable { case rate }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    rate = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .rate)
  }
}
