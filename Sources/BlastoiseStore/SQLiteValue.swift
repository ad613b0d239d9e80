import BlastoiseStoreShared

/// SQLite's names for the value and row types both store backends share.
public typealias SQLiteValue = StoreValue
public typealias SQLiteRow = StoreRow
