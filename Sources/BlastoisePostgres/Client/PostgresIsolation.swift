/// How a transaction sees others: the store's transactions are SERIALIZABLE (and run again when
/// they lose a conflict); migrations are READ COMMITTED, so that once the advisory lock is theirs
/// they see what the node before them committed.
enum PostgresIsolation {
  case serializable
  case serializableReadOnly
  case readCommitted

  var begin: String {
    switch self {
    case .serializable: "BEGIN ISOLATION LEVEL SERIALIZABLE"
    case .serializableReadOnly: "BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY"
    case .readCommitted: "BEGIN ISOLATION LEVEL READ COMMITTED"
    }
  }
}
