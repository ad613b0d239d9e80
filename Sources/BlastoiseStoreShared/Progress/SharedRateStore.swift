import BlastoiseCore
import BlastoiseProtocol

/// `RateStore` for either backend, its SQL written once (its table is migration 19's, beside the
/// bookmarks).
public struct SharedRateStore<Access: StoreAccess>: RateStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func setRate(_ rate: Double, kind: ProgressKind, show: String, userID: Int) async throws -> ListeningRate {
    try ProgressRule.checkID(show)
    try ListeningRule.checkRate(rate)
    try await access.write { connection in
      _ = try connection.execute(
        """
        INSERT INTO listening_rates (user_id, kind, show_key, rate) VALUES ($1, $2, $3, $4)
        ON CONFLICT (user_id, kind, show_key) DO UPDATE SET rate = excluded.rate
        """, StoreValue(userID), .text(kind.rawValue), .text(show), .real(rate))
    }
    return ListeningRate(kind: kind, show: show, rate: rate)
  }

  public func rates(userID: Int) async throws -> [ListeningRate] {
    try await access.read { connection in
      try connection.query(
        "SELECT * FROM listening_rates WHERE user_id = $1 ORDER BY kind, \(connection.dialect.byteOrder("show_key"))",
        StoreValue(userID)
      ).compactMap { row in
        guard let kind = row.string("kind").flatMap(ProgressKind.init(rawValue:)), let show = row.string("show_key"),
          let rate = row.double("rate")
        else { return nil }
        return ListeningRate(kind: kind, show: show, rate: rate)
      }
    }
  }
}
