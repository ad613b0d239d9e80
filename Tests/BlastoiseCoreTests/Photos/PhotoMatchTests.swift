import BlastoiseCore
import Testing

@Suite struct PhotoMatchTests {
  private let match = PhotoMatch([
    PhotoKnown(name: "IMG_1.JPG", month: "2024-03", size: 3_000, sha256: "AB12", device: "phone", assetId: "A-1")
  ])

  private func item(
    _ name: String = "IMG_1.JPG", month: String = "2024-03", size: Int64 = 0, sha256: String? = nil,
    device: String = "", assetId: String = ""
  ) -> PhotoCheckItem {
    PhotoCheckItem(name: name, month: month, size: size, sha256: sha256, device: device, assetId: assetId)
  }

  @Test func aChecksumDecidesWhenGiven() {
    #expect(match.answer(item("other.jpg", sha256: "ab12")) == .have)
    #expect(match.answer(item(sha256: "ffff")) == .send)
  }

  @Test func elseNameAndMonthAndSizeWhenKnown() {
    #expect(match.answer(item()) == .have)
    #expect(match.answer(item(size: 3_000)) == .have)
    #expect(match.answer(item(size: 3_001)) == .send)
    #expect(match.answer(item(month: "2024-04")) == .send)
    #expect(match.answer(item("IMG_2.JPG")) == .send)
  }

  @Test func theSameDevicesAssetIsHad() {
    #expect(
      match.answer(item("renamed.jpg", month: "2020-01", sha256: "ffff", device: "phone", assetId: "A-1")) == .have)
    #expect(match.answer(item("renamed.jpg", device: "tablet", assetId: "A-1")) == .send)
  }
}
