import BlastoiseCore

/// What a backend's failures mean to the domain, worded once for both backends.
public enum StoreFailures {
  /// A unique key was taken (409); stores that know which key say so in their own words.
  public static let conflict = CoreError(.conflict, "That already exists")
  /// A lock stayed held past the timeout, or the server is out of reach for now (503).
  public static let busy = CoreError(.unavailable, "The database is busy; try again")
}
