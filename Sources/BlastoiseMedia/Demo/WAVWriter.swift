import Foundation

/// 16-bit mono PCM WAV with a RIFF `LIST/INFO` chunk for tags.
enum WAVWriter {
  static func wav(samples: [Int16], sampleRate: Int, info: [String: String]) -> Data {
    var infoChunk = Data("INFO".utf8)
    for (key, value) in info.sorted(by: { $0.key < $1.key }) {
      var text = Data(value.utf8)
      text.append(0)
      if text.count % 2 == 1 { text.append(0) }
      infoChunk += Data(key.utf8) + littleEndian(UInt32(text.count)) + text
    }
    let pcm = samples.withUnsafeBufferPointer { Data(buffer: $0) }
    var format = Data()
    format += littleEndian(UInt16(1)) + littleEndian(UInt16(1))  // PCM, mono
    format += littleEndian(UInt32(sampleRate)) + littleEndian(UInt32(sampleRate * 2))
    format += littleEndian(UInt16(2)) + littleEndian(UInt16(16))
    var body = Data("WAVE".utf8)
    body += Data("fmt ".utf8) + littleEndian(UInt32(format.count)) + format
    body += Data("LIST".utf8) + littleEndian(UInt32(infoChunk.count)) + infoChunk
    body += Data("data".utf8) + littleEndian(UInt32(pcm.count)) + pcm
    return Data("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
  }

  private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> Data {
    withUnsafeBytes(of: value.littleEndian) { Data($0) }
  }
}
