import BlastoiseCore
import BlastoiseSync
import Testing

/// Every cell of who may act in a room: role in the room × control mode × admin × guest.
@Suite struct RoomControlRuleTests {
  enum Person: String, CaseIterable, CustomTestStringConvertible {
    case owner, dj, member, admin, guest
    var testDescription: String { rawValue }

    var principal: Principal {
      switch self {
      case .owner: Principal(userID: 1, username: "ana", role: .user, sessionID: "s1")
      case .dj: Principal(userID: 2, username: "ben", role: .user, sessionID: "s2")
      case .member: Principal(userID: 3, username: "cat", role: .user, sessionID: "s3")
      case .admin: Principal(userID: 4, username: "root", role: .admin, sessionID: "s4")
      case .guest: Principal(guest: "guest-1", sessionID: "s5")
      }
    }
  }

  static func room(_ mode: RoomControlMode, owner: Int? = 1) -> RoomRecord {
    RoomRecord(
      id: "r", name: "Room", description: "", createdBy: owner, isDefault: owner == nil, queue: ["a"],
      clock: RoomClock(anchorTime: 0), seq: 0, controlMode: mode, djs: [2])
  }

  /// Who may control (playback and queue) in each mode.
  static let controllers: [RoomControlMode: Set<Person>] = [
    .everyone: [.owner, .dj, .member, .admin],
    .djs: [.owner, .dj, .admin],
    .owner: [.owner, .admin],
  ]

  @Test(arguments: RoomControlMode.allCases, Person.allCases)
  func playbackAndQueueFollowTheMode(mode: RoomControlMode, person: Person) {
    let allowed = Self.controllers[mode]!.contains(person)
    for action in [RoomControlRule.Action.playback, .editQueue] {
      let refusal = RoomControlRule.refusal(of: action, by: person.principal, in: Self.room(mode))
      #expect((refusal == nil) == allowed, "\(action)")
    }
    #expect(RoomControlRule.canControl(person.principal, in: Self.room(mode)) == allowed)
  }

  @Test(arguments: RoomControlMode.allCases, Person.allCases)
  func onlyTheOwnerAndAdminsManageInEveryMode(mode: RoomControlMode, person: Person) {
    let refusal = RoomControlRule.refusal(of: .manage, by: person.principal, in: Self.room(mode))
    #expect((refusal == nil) == [.owner, .admin].contains(person))
  }

  /// The default room has no owner: only admins manage it, and in owner mode only admins control it.
  @Test(arguments: Person.allCases)
  func theDefaultRoomHasNoOwner(person: Person) {
    let ownerMode = Self.room(.owner, owner: nil)
    #expect((RoomControlRule.refusal(of: .manage, by: person.principal, in: ownerMode) == nil) == (person == .admin))
    #expect((RoomControlRule.refusal(of: .playback, by: person.principal, in: ownerMode) == nil) == (person == .admin))
    let everyone = Self.room(.everyone, owner: nil)
    #expect((RoomControlRule.refusal(of: .playback, by: person.principal, in: everyone) == nil) == (person != .guest))
  }

  @Test func refusalsSayWhy() {
    let member = Person.member.principal
    #expect(
      RoomControlRule.refusal(of: .playback, by: member, in: Self.room(.djs)) == "Only the room's DJs can do that")
    #expect(
      RoomControlRule.refusal(of: .playback, by: member, in: Self.room(.owner)) == "Only the room's owner can do that")
    #expect(
      RoomControlRule.refusal(of: .playback, by: Person.guest.principal, in: Self.room(.everyone))
        == "Guests cannot do that")
  }

  @Test func existingRoomsDefaultToEveryone() {
    let record = RoomRecord(
      id: "r", name: "Room", description: "", createdBy: 1, isDefault: false, queue: [],
      clock: RoomClock(anchorTime: 0),
      seq: 0)
    #expect(record.controlMode == .everyone)
    #expect(record.djs.isEmpty)
  }

  @Test func setControlKeepsEachDJOnceAndBumpsSeq() {
    var room = Room(record: Self.room(.everyone))
    room.setControl(mode: .djs, djs: [5, 2, 5, 9, 2])
    #expect(room.record.controlMode == .djs)
    #expect(room.record.djs == [5, 2, 9])
    #expect(room.record.seq == 1)
    room.setControl(mode: nil, djs: nil)
    #expect(room.record.controlMode == .djs)
    #expect(room.record.djs == [5, 2, 9])
  }
}
