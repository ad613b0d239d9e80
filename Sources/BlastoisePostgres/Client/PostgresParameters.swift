import BlastoiseStoreShared

#if canImport(Glibc)
import Glibc
#endif

/// Bound values as libpq takes them: every value but a blob as text, a blob as binary bytea,
/// NULL as a null pointer. Their types are the server's to infer from the statement.
struct PostgresParameters: ~Copyable {
  private let values: [UnsafeMutablePointer<CChar>?]
  private let lengths: [Int32]
  private let formats: [Int32]

  init(_ params: [StoreValue], sql: String) throws(PostgresError) {
    try Self.check(params, sql: sql)
    var values: [UnsafeMutablePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    for param in params {
      var length: Int32 = 0
      var format: Int32 = 0
      switch param {
      case .null: values.append(nil)
      case .integer(let value): values.append(strdup(String(value)))
      case .real(let value): values.append(strdup(Self.text(value)))
      case .text(let value): values.append(strdup(value))
      case .blob(let bytes):
        let buffer = malloc(max(bytes.count, 1))
        bytes.withUnsafeBytes { bytes in
          if let source = bytes.baseAddress { buffer?.copyMemory(from: source, byteCount: bytes.count) }
        }
        values.append(buffer?.assumingMemoryBound(to: CChar.self))
        (length, format) = (Int32(clamping: bytes.count), 1)
      }
      lengths.append(length)
      formats.append(format)
    }
    self.values = values
    self.lengths = lengths
    self.formats = formats
  }

  deinit {
    for value in values { free(value) }
  }

  func withArrays<T>(
    _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
  ) -> T {
    let pointers = values.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer { values in
      lengths.withUnsafeBufferPointer { lengths in
        formats.withUnsafeBufferPointer { formats in
          body(Int32(values.count), values.baseAddress, lengths.baseAddress, formats.baseAddress)
        }
      }
    }
  }

  /// Refuses what PostgreSQL cannot hold: a text with a NUL character.
  static func check(_ params: [StoreValue], sql: String) throws(PostgresError) {
    if params.contains(where: \.isTextWithNUL) {
      throw PostgresError(
        .misuse, "PostgreSQL text cannot hold a NUL character, in a parameter of: \(sql)",
        sqlState: PostgresError.nulInText)
    }
  }

  /// The shortest text that reads back as the same double; PostgreSQL's words for the rest.
  static func text(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    return "\(value)"
  }
}
