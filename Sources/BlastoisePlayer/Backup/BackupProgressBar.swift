import BlastoisePhotoBackup
import Foundation

/// The backup's progress on standard error: a bar redrawn in place on a terminal, else a line
/// when each file is done; then the summary.
final class BackupProgressBar: Sendable {
  let interactive: Bool
  private let started = Date()

  init(interactive: Bool) { self.interactive = interactive }

  func show(_ progress: BackupProgress) {
    switch progress.phase {
    case .checking:
      write("Checking \(progress.files) files…" + (interactive ? "\r" : "\n"))
    case .uploading:
      guard interactive else { return }
      let fraction = progress.bytesTotal > 0 ? Double(progress.bytesSent) / Double(progress.bytesTotal) : 1
      let filled = Int((fraction * 30).rounded(.down))
      let seconds = max(0.001, Date().timeIntervalSince(started))
      let line =
        "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
        + "\(progress.filesDone)/\(progress.files) files · \(Self.bytes(progress.bytesSent))/\(Self.bytes(progress.bytesTotal))"
        + " · \(Self.bytes(Int64(Double(progress.bytesSent) / seconds)))/s"
      write("\r" + line + "   ")
    case .done:
      break
    }
  }

  func finish(_ summary: BackupSummary) {
    let seconds = Date().timeIntervalSince(started)
    var text =
      (interactive ? "\n" : "")
      + "Backed up \(summary.sent) new (\(Self.bytes(summary.bytesSent))); \(summary.alreadyThere) already on the server"
      + String(format: "; %.1f s\n", seconds)
    for failure in summary.failed { text += "  failed: \(failure.name): \(failure.reason)\n" }
    write(text)
  }

  func interrupted() {
    write("\nStopped; what was sent is kept, and the next run goes on from there.\n")
  }

  static func bytes(_ count: Int64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(count)
    var unit = 0
    while value >= 1_000, unit < units.count - 1 {
      value /= 1_000
      unit += 1
    }
    return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
  }

  private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
