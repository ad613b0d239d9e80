/// JSON Schema pieces (OpenAPI 3.1 is JSON Schema 2020-12) for the document's wire shapes.
enum Schema {
  static let string: JSONValue = ["type": "string"]
  static let integer: JSONValue = ["type": "integer"]
  static let number: JSONValue = ["type": "number"]
  static let boolean: JSONValue = ["type": "boolean"]
  /// Milliseconds since the Unix epoch.
  static let milliseconds: JSONValue = ["type": "integer", "description": "milliseconds since the Unix epoch"]
  /// A body the route accepts and ignores (any JSON, or none).
  static let ignored: JSONValue = ["description": "Ignored; may be left out"]

  /// Marks a field or schema as ours, added to the seed's contract (old clients ignore it).
  static func additive(_ schema: JSONValue) -> JSONValue { schema.merging(["x-additive": true]) }

  static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

  static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

  /// A value that is sent as `null` when absent (never left out). In bodies the server takes,
  /// optional fields are nullable too: `null` is the same as leaving the field out.
  static func nullable(_ schema: JSONValue) -> JSONValue { ["anyOf": [schema, ["type": "null"]]] }

  static func oneOf(_ values: [String]) -> JSONValue {
    ["type": "string", "enum": .array(values.map(JSONValue.string))]
  }

  /// What the server sends: `required` fields are always there; fields it may add later are
  /// allowed (additive changes), so clients must ignore what they do not know.
  static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
    ["type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string))]
  }

  /// What the server takes: unknown keys are refused with 400 (`StrictDecoding`).
  static func strictObject(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
    object(properties, required: required).merging(["additionalProperties": false])
  }
}
