import BlastoiseCore
import Testing

@Suite struct PhotoCaptureDateTests {
  @Test func anEXIFDateIsFiledByItsWallClockMonth() throws {
    // 23:30 on 31 May in Oslo is already June in UTC: filed in May, as the phone shows it.
    let oslo = try #require(PhotoCaptureDate.exif("2024:05:31 23:30:00", offset: "+02:00"))
    #expect(oslo.month == "2024-05")
    #expect(oslo.takenAt == 1_717_191_000_000)
    #expect(oslo.year == 2024 && oslo.monthNumber == 5)
    // Without an offset the wall time is taken for UTC.
    #expect(PhotoCaptureDate.exif("2024:05:31 23:30:00")?.takenAt == 1_717_198_200_000)
    #expect(PhotoCaptureDate.exif("1999:12:31 23:59:59", offset: "-0530")?.month == "1999-12")
    #expect(PhotoCaptureDate.exif("2024:02:29 12:00:00")?.month == "2024-02")
  }

  @Test func blankAndImpossibleEXIFDatesAreNone() {
    for text in [
      "0000:00:00 00:00:00", "    :  :     :  :  ", "2023:02:29 12:00:00", "2024:13:01 00:00:00",
      "2024:05:31 24:00:00", "2024-05-31 10:00:00", "2024:05:31", "",
    ] {
      #expect(PhotoCaptureDate.exif(text) == nil, "\(text)")
    }
    // A bad offset is left out rather than trusted.
    #expect(PhotoCaptureDate.exif("2024:05:31 23:30:00", offset: "+25:00")?.takenAt == 1_717_198_200_000)
  }

  @Test func aClientDateIsISO8601OrMilliseconds() throws {
    let iso = try #require(PhotoCaptureDate.client("2024-05-31T23:30:00+02:00"))
    #expect(iso == PhotoCaptureDate(takenAt: 1_717_191_000_000, month: "2024-05"))
    #expect(PhotoCaptureDate.client("2024-05-31T21:30:00.125Z")?.takenAt == 1_717_191_000_000)
    #expect(PhotoCaptureDate.client("1717191000000") == PhotoCaptureDate(takenAt: 1_717_191_000_000, month: "2024-05"))
    #expect(PhotoCaptureDate.client("-86400000")?.month == "1969-12")
    for text in ["yesterday", "2024-05-31", "2024-05-31T23:30:00+2", "2024-02-30T00:00:00Z"] {
      #expect(PhotoCaptureDate.client(text) == nil, "\(text)")
    }
  }
}
