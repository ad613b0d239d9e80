import BlastoiseCore
import BlastoiseSync
import Testing

/// Every cell of who may see and enter a room: open or private × person × the token they bring.
@Suite struct RoomAccessRuleTests {
  typealias Person = RoomControlRuleTests.Person

  static func room(token: String?) -> RoomRecord {
    var record = RoomControlRuleTests.room(.everyone)
    record.inviteToken = token
    return record
  }

  static let token = "k3y-Of_43-characters-aaaaaaaaaaaaaaaaaaaaaa"

  @Test(arguments: Person.allCases)
  func anOpenRoomIsEveryonesWithOrWithoutAToken(person: Person) {
    let open = Self.room(token: nil)
    #expect(!open.isPrivate)
    #expect(RoomAccessRule.isMember(person.principal, of: open))
    for invite in [nil, "", Self.token] {
      #expect(RoomAccessRule.mayEnter(person.principal, open, invite: invite))
    }
  }

  /// Owner, DJ and admin are members; a member who is none of those and a guest need the token.
  @Test(arguments: Person.allCases)
  func aPrivateRoomLetsInItsMembersAndWhoeverHasTheCurrentToken(person: Person) {
    let closed = Self.room(token: Self.token)
    let member: Set<Person> = [.owner, .dj, .admin]
    #expect(closed.isPrivate)
    #expect(RoomAccessRule.isMember(person.principal, of: closed) == member.contains(person))
    #expect(RoomAccessRule.mayEnter(person.principal, closed, invite: nil) == member.contains(person))
    #expect(RoomAccessRule.mayEnter(person.principal, closed, invite: Self.token))
    for wrong in [
      "", String(Self.token.dropLast()), Self.token + "a", Self.token.uppercased(), "Zz" + Self.token.dropFirst(2),
    ] {
      #expect(RoomAccessRule.mayEnter(person.principal, closed, invite: wrong) == member.contains(person), "\(wrong)")
    }
  }

  @Test func aNewTokenRevokesTheOld() {
    var room = Room(record: Self.room(token: Self.token))
    room.setInvite("another-token")
    let cat = Person.member.principal
    #expect(!RoomAccessRule.mayEnter(cat, room.record, invite: Self.token))
    #expect(RoomAccessRule.mayEnter(cat, room.record, invite: "another-token"))
    room.setInvite(nil)
    #expect(RoomAccessRule.mayEnter(cat, room.record, invite: nil))
  }
}
