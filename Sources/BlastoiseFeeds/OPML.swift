/// One podcast subscription as an OPML outline carries it.
public struct OPMLSubscription: Sendable, Equatable {
  public var title: String?
  public var feedURL: String
  public var siteURL: String?

  public init(title: String?, feedURL: String, siteURL: String? = nil) {
    self.title = title
    self.feedURL = feedURL
    self.siteURL = siteURL
  }
}
