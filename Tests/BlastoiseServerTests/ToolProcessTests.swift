import Foundation
import Synchronization
import Testing

@testable import BlastoiseServer

/// The tool runner on its own, with /bin/sh scripts standing in for yt-dlp. (The tests pass a
/// script to sh as an argument; the server itself never runs a shell.)
@Suite struct ToolProcessTests {
  private func sh(
    _ script: String, environment: [String: String] = ["PATH": "/usr/bin:/bin"], timeout: Double = 20,
    collect: Int = 1 << 20, process: ToolProcess = ToolProcess(), onLine: (@Sendable (String) -> Void)? = nil
  ) async -> ToolProcess.Outcome {
    await process.run(
      executable: "/bin/sh", arguments: ["-c", script], environment: environment, timeoutSeconds: timeout,
      collectOutputLimit: collect, onLine: onLine)
  }

  @Test func exitCodeOutputAndErrorLinesComeBack() async {
    // `cat` ends at once: standard input is /dev/null, never the server's own.
    let outcome = await sh("cat; echo out; echo first >&2; echo second >&2; exit 3")
    #expect(outcome.status == 3)
    #expect(String(decoding: outcome.output, as: UTF8.self) == "out\n")
    #expect(outcome.errorTail == ["first", "second"])
    #expect(!outcome.timedOut && !outcome.killed && !outcome.outputTooLarge)
  }

  @Test func theToolSeesOnlyItsArgumentsEnvironmentAndTheRootDirectory() async {
    let outcome = await sh(
      #"pwd; env | grep -v '^PWD=\|^SHLVL=\|^_=' | sort; printf '%s|' "$0" "$1""#,
      environment: ["PATH": "/usr/bin:/bin", "ONLY": "this; not a $(command)"])
    #expect(outcome.status == 0)
    #expect(
      String(decoding: outcome.output, as: UTF8.self)
        == "/\nONLY=this; not a $(command)\nPATH=/usr/bin:/bin\n/bin/sh||")
  }

  @Test func aTimeoutEndsTheToolAndWhatItStarted() async throws {
    // The tool would run for 60 s; that it was killed for its 0.5 s limit is the behaviour.
    let outcome = await sh("sleep 60 & echo $!; wait", timeout: 0.5)
    #expect(outcome.timedOut)
    #expect(outcome.status == 128 + SIGKILL)
    let grandchild = try #require(pid_t(String(decoding: outcome.output, as: UTF8.self).trimmingSpaces()))
    #expect(await processEnds(grandchild))
  }

  @Test func killEndsARunningTool() async {
    let process = ToolProcess()
    let started = Mutex(false)
    async let outcome = sh("echo started; sleep 60", process: process) { line in
      if line == "started" { started.withLock { $0 = true } }
    }
    // Killed once it is surely running (a loaded machine may take a while to start it).
    let deadline = ContinuousClock.now + .seconds(120)  // a hang guard
    while !started.withLock({ $0 }), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    process.kill()
    let finished = await outcome
    #expect(finished.killed)
    #expect(finished.status == 128 + SIGKILL)
  }

  @Test func aToolKilledBeforeItStartsNeverRuns() async {
    let process = ToolProcess()
    process.kill()
    let outcome = await sh("echo ran", process: process)
    #expect(outcome.killed)
    #expect(outcome.status == -1)
    #expect(outcome.output.isEmpty)
  }

  @Test func outputPastTheLimitEndsTheTool() async {
    let outcome = await sh("yes", collect: 64 * 1024)
    #expect(outcome.outputTooLarge)
    #expect(outcome.output.count <= 64 * 1024)
  }

  @Test func aMissingExecutableIsAnErrorNotACrash() async {
    let outcome = await ToolProcess().run(
      executable: "/nonexistent/yt-dlp", arguments: ["--version"], environment: [:], timeoutSeconds: 5)
    #expect(outcome.status == -1)
    #expect(outcome.errorTail.first?.contains("No such file or directory") == true)
  }
}

/// Whether `pid` is gone (or a zombie waiting for its new parent to reap it) within a hang guard.
private func processEnds(_ pid: pid_t) async -> Bool {
  for _ in 0..<6000 {
    let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    if stat == nil || stat?.contains(") Z ") == true { return true }
    try? await Task.sleep(for: .milliseconds(50))
  }
  return false
}

extension String {
  fileprivate func trimmingSpaces() -> String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
