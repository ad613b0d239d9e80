import BlastoiseCore
import Testing

@Suite struct RoomNameChoiceTests {
  @Test func aFreeNameStaysAndATakenOneGetsTheFirstFreeNumber() {
    #expect(RoomNameChoice.distinct("Jazz", from: ["Rock"]) == "Jazz")
    #expect(RoomNameChoice.distinct("Jazz", from: ["jazz"]) == "Jazz 2")
    #expect(RoomNameChoice.distinct("Jazz", from: ["Jazz", "Jazz 2", "JAZZ 3"]) == "Jazz 4")
    #expect(RoomNameChoice.distinct("ＪＡＺＺ", from: ["Jazz"]) == "ＪＡＺＺ 2")
    #expect(RoomNameChoice.distinct("Jazz 2", from: ["Jazz"]) == "Jazz 2")
  }

  @Test func aLongNameIsCutToFitItsNumber() {
    let long = String(repeating: "a", count: 80)
    let chosen = RoomNameChoice.distinct(long, from: [long])
    #expect(chosen == String(repeating: "a", count: 78) + " 2")
    #expect(chosen.count == RoomNameChoice.longest)
  }
}
