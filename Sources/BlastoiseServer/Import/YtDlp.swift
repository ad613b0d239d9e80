import BlastoiseCore
import Foundation
import Synchronization

/// yt-dlp as Blastoise runs it: fixed argument vectors (never a shell), `--` before the one
/// URL, no configuration files, plugins or `--exec`, bounded size, socket and wall-clock time.
struct YtDlp: Sendable {
  let executable: String
  let settings: ImportSettings
  /// An HTTP proxy every request of yt-dlp goes through (the address-checking import proxy).
  var proxy: String?

  /// The oldest release that knows every option below (`--no-plugin-dirs` arrived in 2025.02).
  static let minimumVersion = "2025.02.19"

  /// Options of every run: ignore config files (`--ignore-config` before anything else), no
  /// plugin directories, no `--exec` commands, no batch files, no cache, bounded socket waits.
  var commonArguments: [String] {
    var arguments = [
      "--ignore-config", "--no-plugin-dirs", "--no-exec", "--no-batch-file", "--no-cache-dir",
      "--socket-timeout", String(settings.socketTimeoutSeconds), "--retries", "3", "--no-warnings",
    ]
    if let proxy { arguments += ["--proxy", proxy] }
    return arguments
  }

  /// Looks at a URL without downloading: one JSON document, playlists flat (entries not resolved).
  func probeArguments(_ url: String) -> [String] {
    commonArguments + ["--no-playlist", "--flat-playlist", "--dump-single-json", "--", url]
  }

  /// The best audio (else the best whole format) among those yt-dlp fetches with its own HTTP
  /// stack — plain http(s), DASH over http, native HLS — so every byte passes the import proxy.
  /// RTMP, RTSP, MMS and ffmpeg-fetched HLS would bypass it and are never chosen.
  static let format =
    "ba[protocol^=http]/ba[protocol=m3u8_native]/b[protocol^=http]/b[protocol=m3u8_native]"

  /// Downloads one item as audio into `directory`. `-x` with `best` keeps a file that already is
  /// common audio (mp3, m4a, ogg, opus, flac, wav…) byte for byte and otherwise copies the audio
  /// stream out without re-encoding when it can (mp3 when it cannot); aiff and mka become mp3
  /// because the library does not take them.
  func downloadArguments(_ url: String, into directory: String, name: String) -> [String] {
    commonArguments + [
      "--no-playlist", "--playlist-items", "1", "--format", Self.format,
      "--extract-audio", "--audio-format", "aiff>mp3/mka>mp3/best",
      "--max-filesize", String(settings.maxFileBytes), "--no-mtime", "--no-overwrites",
      "--paths", directory, "--output", Self.outputTemplate(name),
      "--quiet", "--progress", "--newline", "--progress-template", ImportProgress.template,
      "--", url,
    ]
  }

  /// The file is named after the job's title (what the user saw; for a file without tags it
  /// becomes the track's title): no path separators or control characters, `%` escaped for
  /// yt-dlp's template, bounded length.
  static func outputTemplate(_ name: String) -> String {
    var cleaned = String(
      name.removingControlCharacters.unicodeScalars.map { $0 == "/" || $0 == "\\" ? "-" : Character($0) })
    cleaned = String(cleaned.trimmingCharacters(in: .whitespaces).prefix(120))
    while cleaned.hasPrefix(".") || cleaned.hasPrefix("-") { cleaned.removeFirst() }
    if cleaned.isEmpty { cleaned = "import" }
    return cleaned.replacingOccurrences(of: "%", with: "%%") + ".%(ext)s"
  }

  /// The environment yt-dlp runs with: only what it needs from the server's (no secrets, and no
  /// proxy variables that could route around the import proxy), unbuffered UTF-8 output.
  var environment: [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var environment: [String: String] = [:]
    for name in ["PATH", "HOME", "TMPDIR", "TZ", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE"] {
      environment[name] = inherited[name]
    }
    environment["PATH"] = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    environment["PYTHONUNBUFFERED"] = "1"
    environment["PYTHONIOENCODING"] = "utf-8"
    environment["LC_ALL"] = "C.UTF-8"
    return environment
  }

  // MARK: Availability

  /// `yt-dlp --version` (within `timeout`) and a parse of our full option set; nil (with a
  /// reason logged) when yt-dlp cannot be used.
  static func check(executable: String?, settings: ImportSettings, timeout: Double = 15) async -> String? {
    guard let executable else {
      ServerLog.write("import: yt-dlp is not on PATH; URL import is unavailable")
      return nil
    }
    // Once per executable file per process (tests start many servers in one process).
    var info = stat()
    let identity = stat(executable, &info) == 0 ? "\(executable)@\(info.st_ino):\(info.st_mtim.tv_sec)" : executable
    let task = checked.withLock { checked in
      if let task = checked[identity] { return task }
      let task = Task { await runCheck(executable: executable, settings: settings, timeout: timeout) }
      checked[identity] = task
      return task
    }
    return await task.value
  }

  private static let checked = Mutex<[String: Task<String?, Never>]>([:])

  private static func runCheck(executable: String, settings: ImportSettings, timeout: Double) async -> String? {
    let tool = YtDlp(executable: executable, settings: settings, proxy: "http://127.0.0.1:9")
    async let versionRun = ToolProcess().run(
      executable: executable, arguments: ["--version"], environment: tool.environment, timeoutSeconds: timeout,
      collectOutputLimit: 4096)
    // Options are parsed before `--help` acts, so an unknown one fails this run.
    let options = Array(
      tool.downloadArguments("http://example.invalid/", into: "/nonexistent", name: "check").prefix { $0 != "--" })
    async let optionsRun = ToolProcess().run(
      executable: executable, arguments: options + ["--help"], environment: tool.environment,
      timeoutSeconds: timeout, collectOutputLimit: 1 << 20)
    let (version, parsed) = await (versionRun, optionsRun)
    let text = String(decoding: version.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard version.status == 0, !text.isEmpty else {
      ServerLog.write("import: \(executable) --version failed: \(version.errorTail.last ?? "no output")")
      return nil
    }
    guard parsed.status == 0 else {
      ServerLog.write(
        "import: yt-dlp \(text) does not know the options Blastoise uses (\(parsed.errorTail.last ?? "?")); "
          + "install \(minimumVersion) or newer: pip install -U yt-dlp")
      return nil
    }
    ServerLog.write("import: yt-dlp \(text) at \(executable)")
    return text
  }

  // MARK: Probe

  enum Probe: Sendable, Equatable {
    case single(title: String)
    case playlist(title: String, entries: [ImportItemCandidate])
  }

  struct ImportItemCandidate: Sendable, Equatable {
    let url: String
    let title: String
  }

  /// What a URL holds. Failures are `ImportFailure`s with yt-dlp's own words.
  func probe(_ url: String) async throws -> Probe {
    let outcome = await ToolProcess().run(
      executable: executable, arguments: probeArguments(url), environment: environment,
      timeoutSeconds: settings.probeTimeoutSeconds, collectOutputLimit: 64 << 20)
    if outcome.timedOut { throw ImportFailure(.timedOut, "Looking at that URL took too long") }
    if outcome.outputTooLarge { throw ImportFailure(.failed, "That URL describes too much to import") }
    guard outcome.status == 0 else { throw ImportFailure(.failed, Self.errorMessage(outcome.errorTail)) }
    guard let info = try? JSONSerialization.jsonObject(with: outcome.output) as? [String: Any] else {
      throw ImportFailure(.failed, "yt-dlp gave no description of that URL")
    }
    return Self.probe(from: info, url: url)
  }

  static func probe(from info: [String: Any], url: String) -> Probe {
    let type = info["_type"] as? String
    let title = Self.text(info["title"]) ?? Self.text(info["id"]) ?? url
    guard type == "playlist" || type == "multi_video", let entries = info["entries"] as? [Any] else {
      return .single(title: title)
    }
    let candidates = entries.compactMap { entry -> ImportItemCandidate? in
      guard let entry = entry as? [String: Any],
        let url = Self.text(entry["url"]) ?? Self.text(entry["webpage_url"]),
        (try? OutboundURLPolicy.check(url)) != nil
      else { return nil }
      return ImportItemCandidate(url: url, title: Self.text(entry["title"]) ?? Self.text(entry["id"]) ?? url)
    }
    return .playlist(title: title, entries: candidates)
  }

  private static func text(_ value: Any?) -> String? {
    (value as? String).flatMap(DisplayText.title)
  }

  // MARK: Download

  enum Download: Sendable, Equatable {
    case file(String)
    case failed(ImportFailure)
    /// Killed on request (cancel or server stop).
    case killed
  }

  /// Downloads `url` into `directory` (which must exist and be empty). `process` lets the
  /// caller kill the run; `onProgress` sees each progress report.
  func download(
    _ url: String, into directory: String, name: String, process: ToolProcess,
    onProgress: @escaping @Sendable (ImportProgress) -> Void
  ) async -> Download {
    let maxBytes = settings.maxFileBytes
    let tooLarge = ImportFlag()
    let outcome = await process.run(
      executable: executable, arguments: downloadArguments(url, into: directory, name: name), environment: environment,
      timeoutSeconds: settings.jobTimeoutSeconds
    ) { line in
      guard let progress = ImportProgress(line: line) else { return }
      if progress.downloadedBytes > maxBytes || (progress.totalBytes ?? 0) > maxBytes {
        tooLarge.set()
        process.kill()
        return
      }
      onProgress(progress)
    }
    if tooLarge.isSet {
      return .failed(ImportFailure(.failed, "The file is larger than this server's limit of \(maxBytes >> 20) MB"))
    }
    if outcome.timedOut {
      return .failed(
        ImportFailure(.timedOut, "The download took longer than \(Int(settings.jobTimeoutSeconds)) seconds"))
    }
    if outcome.killed { return .killed }
    guard outcome.status == 0 else { return .failed(ImportFailure(.failed, Self.errorMessage(outcome.errorTail))) }
    return Self.downloadedFile(in: directory, maxBytes: maxBytes)
  }

  /// The audio file a finished run left (the largest one the library accepts).
  static func downloadedFile(in directory: String, maxBytes: Int64) -> Download {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var best: (path: String, size: Int64)?
    for name in names where !name.hasPrefix(".") && AudioFormats.acceptedExtension(of: name) != nil {
      let path = directory + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      if Int64(info.st_size) > best?.size ?? -1 { best = (path, Int64(info.st_size)) }
    }
    guard let best else {
      if names.contains(where: { $0.hasSuffix(".part") }) || names.isEmpty {
        return .failed(ImportFailure(.failed, "yt-dlp finished without a file (too large, or nothing to download)"))
      }
      return .failed(ImportFailure(.failed, "yt-dlp produced no audio file the library accepts"))
    }
    guard best.size <= maxBytes else {
      return .failed(ImportFailure(.failed, "The file is larger than this server's limit of \(maxBytes >> 20) MB"))
    }
    return .file(best.path)
  }

  /// yt-dlp's last `ERROR:` line, short and without the traceback detail.
  static func errorMessage(_ lines: [String]) -> String {
    guard var line = lines.last(where: { $0.hasPrefix("ERROR:") }) ?? lines.last else { return "yt-dlp failed" }
    if line.hasPrefix("ERROR: ") { line.removeFirst("ERROR: ".count) }
    if let cause = line.range(of: " (caused by ") { line = String(line[..<cause.lowerBound]) }
    line = line.removingControlCharacters
    return line.count > 300 ? String(line.prefix(300)) + "…" : line
  }
}

/// Why looking at or downloading a URL failed, in words for the user.
struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    case failed
    case timedOut
  }

  let kind: Kind
  let message: String

  init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  var description: String { message }
}
