import BlastoiseSubsonic
import Testing

struct SubsonicCredentialsTests {
  private func credentials(_ pairs: [(String, String)]) throws(SubsonicFailure) -> SubsonicCredentials {
    try SubsonicCredentials(SubsonicParameters(pairs.map { (name: $0.0, value: $0.1) }))
  }

  private func failure(_ pairs: [(String, String)]) -> SubsonicErrorCode? {
    do {
      _ = try credentials(pairs)
      return nil
    } catch {
      return error.code
    }
  }

  @Test func eachMechanismIsReadWithItsParts() throws {
    #expect(try credentials([("apiKey", "k1")]) == .apiKey("k1"))
    #expect(
      try credentials([("u", "ana"), ("t", "abc"), ("s", "salt")])
        == .token(username: "ana", token: "abc", salt: "salt"))
    #expect(try credentials([("u", "ana"), ("p", "sesame")]) == .password(username: "ana", password: "sesame"))
  }

  @Test func anEncodedPasswordIsItsUTF8InHex() throws {
    #expect(
      try credentials([("u", "ana"), ("p", "enc:736573616d65")]) == .password(username: "ana", password: "sesame"))
    #expect(try credentials([("u", "ana"), ("p", "enc:C3A9")]) == .password(username: "ana", password: "é"))
    #expect(failure([("u", "ana"), ("p", "enc:7")]) == .wrongCredentials)
    #expect(failure([("u", "ana"), ("p", "enc:zz")]) == .wrongCredentials)
    #expect(failure([("u", "ana"), ("p", "enc:ff")]) == .wrongCredentials)
  }

  @Test func missingPartsAndMixedMechanismsHaveTheirCodes() {
    #expect(failure([]) == .missingParameter)
    #expect(failure([("u", "ana")]) == .missingParameter)
    #expect(failure([("u", "ana"), ("t", "abc")]) == .missingParameter)
    #expect(failure([("apiKey", "k1"), ("u", "ana")]) == .conflictingMechanisms)
    #expect(failure([("apiKey", "k1"), ("s", "salt")]) == .conflictingMechanisms)
    #expect(failure([("u", "ana"), ("p", "x"), ("t", "abc"), ("s", "salt")]) == .conflictingMechanisms)
    #expect(failure([("apiKey", "")]) == .invalidAPIKey)
  }
}

struct SubsonicParametersTests {
  private let parameters = SubsonicParameters([
    (name: "id", value: "1"), (name: "size", value: "20"), (name: "id", value: "2"), (name: "bad", value: "x1"),
    (name: "flag", value: "TRUE"), (name: "empty", value: ""),
  ])

  @Test func repeatedKeysAreAllKeptInOrderAndTheFirstIsTheValue() {
    #expect(parameters.strings("id") == ["1", "2"])
    #expect(parameters.string("id") == "1")
    #expect(parameters.strings("none").isEmpty)
  }

  @Test func typedReadsSayWhatIsWrong() throws {
    #expect(try parameters.int("size") == 20)
    #expect(try parameters.int("empty") == nil)
    #expect(try parameters.bool("flag") == true)
    #expect(throws: SubsonicFailure.self) { try parameters.int("bad") }
    #expect(throws: SubsonicFailure.self) { try parameters.int("size", in: 0...10) }
    #expect(throws: SubsonicFailure.self) { try parameters.bool("bad") }
    #expect(throws: SubsonicFailure.missing("none")) { try parameters.required("none") }
    #expect(throws: SubsonicFailure.missing("empty")) { try parameters.requiredInt("empty") }
  }
}
