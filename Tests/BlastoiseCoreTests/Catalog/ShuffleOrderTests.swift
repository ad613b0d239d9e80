import Testing

@testable import BlastoiseCore

@Suite struct ShuffleOrderTests {
  let keys = (0..<2_000).map { ShuffleOrder.key(ofID: CatalogKey.id("album \($0)")) }

  @Test func aSeedOrdersEveryKeyOnceAndTheSameWayEachTime() {
    let order = ShuffleOrder(seed: 42)
    let positions = keys.map(order.position)
    #expect(Set(positions).count == Set(keys).count)
    #expect(positions.allSatisfy { (0..<ShuffleOrder.modulus).contains($0) })
    #expect(ShuffleOrder(seed: 42) == order)
  }

  @Test func otherSeedsGiveOtherOrders() {
    func ranked(_ seed: UInt32) -> [Int64] {
      let order = ShuffleOrder(seed: seed)
      return keys.sorted { order.position(of: $0) < order.position(of: $1) }
    }
    #expect(ranked(1) != ranked(2))
    #expect(ranked(1) != keys.sorted())
  }

  @Test func keysComeFromTheIDsHexDigits() {
    #expect(ShuffleOrder.key(ofID: "00000001ffffffff") == 1)
    #expect(ShuffleOrder.key(ofID: "ffffffff00000000") == 0xFFFF_FFFF % ShuffleOrder.modulus)
    #expect(ShuffleOrder.key(ofID: "not hex") == 0)
  }
}
