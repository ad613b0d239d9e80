import BlastoiseCore

extension MP4Chapters {
  /// Where a track's samples start in time (seconds) and in the file: `mdhd`'s timescale with
  /// `stts`, `stsz`, `stsc` and `stco`/`co64` from the track's `mdia/minf/stbl`.
  struct SampleTable {
    let samples: [(start: Double, offset: Int, size: Int)]

    init?(_ bytes: [UInt8], track: Range<Int>) {
      let child = { (range: Range<Int>, type: String) in boxes(bytes, range).first { $0.type == type }?.body }
      guard let mdia = child(track, "mdia"), let mdhd = child(mdia, "mdhd"), let minf = child(mdia, "minf"),
        let stbl = child(minf, "stbl"), let stts = child(stbl, "stts"), let stsz = child(stbl, "stsz"),
        let stsc = child(stbl, "stsc")
      else { return nil }
      let version = bytes[mdhd.lowerBound]
      let timescale = Double(be(bytes, mdhd.lowerBound + (version == 1 ? 20 : 12), 4))
      guard timescale > 0 else { return nil }

      // Start times: stts runs of (count, delta).
      var starts: [Double] = []
      var time: UInt64 = 0
      for entry in Self.entries(bytes, stts, width: 8) {
        let count = be(bytes, entry, 4)
        let delta = be(bytes, entry + 4, 4)
        for _ in 0..<min(count, 10_000) where starts.count < 10_000 {
          starts.append(Double(time) / timescale)
          time += delta
        }
      }
      // Sizes: one for all, or a table.
      let uniform = Int(be(bytes, stsz.lowerBound + 4, 4))
      let sizeCount = Int(min(be(bytes, stsz.lowerBound + 8, 4), 10_000))
      let sizes =
        uniform != 0
        ? Array(repeating: uniform, count: sizeCount)
        : (0..<sizeCount).map { Int(be(bytes, stsz.lowerBound + 12 + $0 * 4, 4)) }
      // Chunk offsets, and how many samples each chunk holds.
      let chunkOffsets: [Int]
      if let stco = child(stbl, "stco") {
        chunkOffsets = Self.entries(bytes, stco, width: 4).map { Int(be(bytes, $0, 4)) }
      } else if let co64 = child(stbl, "co64") {
        chunkOffsets = Self.entries(bytes, co64, width: 8).map { Int(clamping: be(bytes, $0, 8)) }
      } else {
        return nil
      }
      let runs = Self.entries(bytes, stsc, width: 12).map {
        (first: Int(be(bytes, $0, 4)), each: Int(be(bytes, $0 + 4, 4)))
      }
      var located: [(Double, Int, Int)] = []
      var sample = 0
      for (chunk, chunkOffset) in chunkOffsets.enumerated() {
        let each = runs.last { $0.first <= chunk + 1 }?.each ?? 0
        var offset = chunkOffset
        for _ in 0..<min(each, 10_000) {
          guard sample < sizes.count, sample < starts.count else { break }
          located.append((starts[sample], offset, sizes[sample]))
          offset += sizes[sample]
          sample += 1
        }
      }
      samples = located
    }

    /// The offsets of a full box's table entries: version and flags, a count, then entries.
    static func entries(_ bytes: [UInt8], _ body: Range<Int>, width: Int) -> [Int] {
      guard body.count >= 8 else { return [] }
      let count = Int(min(be(bytes, body.lowerBound + 4, 4), UInt64((body.count - 8) / width)))
      return (0..<max(0, count)).map { body.lowerBound + 8 + $0 * width }
    }
  }
}
