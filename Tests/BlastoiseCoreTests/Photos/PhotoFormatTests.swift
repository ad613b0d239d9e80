import BlastoiseCore
import Testing

@Suite struct PhotoFormatTests {
  private func ftyp(_ brand: String) -> [UInt8] { [0, 0, 0, 0x18] + Array("ftyp".utf8) + Array(brand.utf8) }

  @Test func eachFormatIsToldByItsFirstBytes() {
    #expect(PhotoFormat.sniff([0xFF, 0xD8, 0xFF, 0xE1]) == .jpeg)
    #expect(PhotoFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
    #expect(PhotoFormat.sniff(Array("GIF89a".utf8)) == .gif)
    #expect(PhotoFormat.sniff(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8)) == .webp)
    #expect(PhotoFormat.sniff([0x49, 0x49, 0x2A, 0x00]) == .tiff)
    #expect(PhotoFormat.sniff([0x4D, 0x4D, 0x00, 0x2A]) == .tiff)
    for brand in ["heic", "heix", "mif1", "msf1"] { #expect(PhotoFormat.sniff(ftyp(brand)) == .heif, "\(brand)") }
    for brand in ["qt  ", "isom", "mp42"] { #expect(PhotoFormat.sniff(ftyp(brand)) == .video, "\(brand)") }
  }

  @Test func anythingElseIsRefused() {
    #expect(PhotoFormat.sniff(Array("hello, world".utf8)) == nil)
    #expect(PhotoFormat.sniff([]) == nil)
    #expect(PhotoFormat.sniff([0xFF, 0xD8]) == nil)
    #expect(PhotoFormat.sniff(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVE".utf8)) == nil)
    #expect(PhotoFormat.sniff(ftyp("M4A ")) == nil)
  }
}
