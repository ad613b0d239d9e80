import BlastoiseClient
import BlastoisePhotoBackup
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `blastoise backup DIR …`: backs a folder up to the person's photos on the server, with a
/// progress bar on a terminal (a line per file otherwise) and a summary. What it knows is kept
/// in `DIR/.blastoise-backup.json` (checksums, what the server has, unfinished uploads), so a
/// second run reads and sends nothing it need not, and a run stopped by Ctrl-C or a lost
/// connection continues where it was. Exit 0 when everything is on the server, 1 when some
/// files failed or the server cannot be reached, 2 on a usage mistake, 130 on Ctrl-C.
public enum BackupCommand {
  public static func run(arguments: [String]) async -> Never {
    signal(SIGPIPE, SIG_IGN)
    let options: BackupOptions
    do {
      options = try BackupOptions.parse(
        arguments, environment: ProcessInfo.processInfo.environment, hostName: ProcessInfo.processInfo.hostName)
    } catch {
      if error.message == BackupOptions.usage {
        print(BackupOptions.usage)
        exit(0)
      }
      PasswordSignIn.fail("blastoise: \(error.message)", status: 2)
    }
    let api: BlastoiseAPI
    do { api = try BlastoiseAPI(baseURL: options.server) } catch {
      PasswordSignIn.fail("blastoise: \(error.message)", status: 2)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: options.directory, isDirectory: &isDirectory), isDirectory.boolValue
    else { PasswordSignIn.fail("blastoise: \(options.directory) is not a folder", status: 2) }
    await PasswordSignIn.signIn(api, as: options.user)

    let root = URL(fileURLWithPath: options.directory).standardizedFileURL
    let journalFile = JournalFile(url: root.appendingPathComponent(".blastoise-backup.json"))
    var settings = BackupSettings.on(for: BackupAccount(server: options.server, username: options.user))
    settings.includeVideos = options.includeVideos
    let bar = BackupProgressBar(interactive: isatty(STDERR_FILENO) == 1)
    let session = BackupSession(
      api: api, source: FolderSource(root: root), device: options.device, journal: journalFile.load(),
      settings: settings, save: journalFile.save, progress: bar.show)
    let task = Task { try await session.run() }
    let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    signal(SIGINT, SIG_IGN)
    interrupt.setEventHandler { task.cancel() }
    interrupt.resume()
    do {
      let summary = try await task.value
      journalFile.save(session.currentJournal)
      bar.finish(summary)
      exit(summary.failed.isEmpty ? 0 : 1)
    } catch is CancellationError {
      journalFile.save(session.currentJournal)
      bar.interrupted()
      exit(130)
    } catch {
      journalFile.save(session.currentJournal)
      PasswordSignIn.fail("\nblastoise: backup stopped: \(error)", status: 1)
    }
  }
}

/// The journal on disk, written whole to a temporary file and renamed, so a kill mid-write
/// leaves the last one.
struct JournalFile: Sendable {
  let url: URL

  func load() -> BackupJournal {
    guard let data = try? Data(contentsOf: url), let journal = try? JSONDecoder().decode(BackupJournal.self, from: data)
    else { return BackupJournal() }
    return journal
  }

  func save(_ journal: BackupJournal) {
    guard let data = try? JSONEncoder().encode(journal) else { return }
    try? data.write(to: url, options: .atomic)
  }
}
