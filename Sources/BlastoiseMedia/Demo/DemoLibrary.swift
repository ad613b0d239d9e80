import Foundation

/// A few short tagged tones so a new server has something to play (`serve --demo` with an empty
/// music folder). Written in Swift as WAV with RIFF INFO tags: no encoder needed at run time.
public enum DemoLibrary {
  struct Piece {
    let title: String
    let seconds: Double
    /// Frequencies (Hz) played in turn, each for `seconds / notes.count`.
    let notes: [Double]
  }

  static let album = "Blastoise Demo"
  static let artist = "Blastoise Tone Ensemble"
  static let pieces = [
    Piece(title: "Morning Chord", seconds: 24, notes: [261.63, 329.63, 392.00, 523.25]),
    Piece(title: "Slow Fifths", seconds: 30, notes: [220.00, 329.63, 246.94, 369.99, 293.66, 440.00]),
    Piece(title: "Pentatonic Walk", seconds: 18, notes: [392.00, 440.00, 493.88, 587.33, 659.25, 587.33]),
    Piece(title: "Low Hum", seconds: 36, notes: [110.00, 123.47, 130.81]),
  ]

  /// Writes the demo files into `directory` when it has no audio yet; returns how many.
  @discardableResult
  public static func generateIfEmpty(in directory: String) throws -> Int {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    guard LibraryWalker.walk(directory).isEmpty else { return 0 }
    for (index, piece) in pieces.enumerated() {
      let name = String(format: "%02d %@.wav", index + 1, piece.title)
      let data = WAVWriter.wav(
        samples: render(piece), sampleRate: sampleRate,
        info: ["INAM": piece.title, "IART": artist, "IPRD": album, "ITRK": "\(index + 1)"])
      try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent(name), options: .atomic)
    }
    return pieces.count
  }

  static let sampleRate = 22_050

  /// Soft sine notes with short fades so they do not click.
  static func render(_ piece: Piece) -> [Int16] {
    let total = Int(piece.seconds * Double(sampleRate))
    let perNote = total / piece.notes.count
    let fade = sampleRate / 20
    var samples = [Int16](repeating: 0, count: total)
    for index in 0..<total {
      let note = min(index / perNote, piece.notes.count - 1)
      let position = index - note * perNote
      let envelope = min(1, Double(min(position, perNote - position)) / Double(fade))
      let phase = 2 * Double.pi * piece.notes[note] * Double(index) / Double(sampleRate)
      samples[index] = Int16(0.3 * 32_767 * envelope * (sin(phase) + 0.25 * sin(2 * phase)) / 1.25)
    }
    return samples
  }
}
