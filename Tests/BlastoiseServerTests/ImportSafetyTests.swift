import BlastoiseCore
import Foundation
import Testing

@testable import BlastoiseServer

/// The import's safety rules on their own: URL checks, address classes, the argument vector,
/// progress lines, and the address-checking proxy with real yt-dlp.
@Suite struct ImportSafetyTests {
  @Test(arguments: [
    "", "-oProxyCommand=x", "--exec=id", "file:///etc/passwd", "ftp://h/a", "gopher://h/", "http://x\n",
    "http://x\r\nHost: y", "http://a b/", "http://x/\u{7f}", "http://x/\u{85}", "http://x/\u{2028}", "http://x/\u{a0}",
    "javascript:alert(1)", "http://u:p@h/", "http://u@h/", "http:///path", "//h/a", "h/a", "http://%68/",
    "http://[fe80::1%25eth0]/", "http://h:0/", "http://h:99999/",
  ])
  func refusedURLs(url: String) {
    #expect(throws: CoreError.self) { try OutboundURLPolicy.check(url) }
  }

  @Test func acceptedURLs() throws {
    #expect(
      try OutboundURLPolicy.check("https://example.com/watch?v=1&t=2#x")
        == .init(
          url: "https://example.com/watch?v=1&t=2#x", host: "example.com", port: 443))
    #expect(try OutboundURLPolicy.check("HTTP://[2001:db8::1]:8080/a").host == "2001:db8::1")
    #expect(try OutboundURLPolicy.check("http://127.0.0.1:9/a.wav").port == 9)
  }

  @Test(arguments: [
    ("8.8.8.8", true), ("1.1.1.1", true), ("2606:4700::1111", true), ("127.0.0.1", false), ("127.8.9.1", false),
    ("10.1.2.3", false), ("172.16.0.1", false), ("172.31.255.255", false), ("172.32.0.1", true),
    ("192.168.0.1", false), ("169.254.169.254", false), ("100.64.0.1", false), ("0.0.0.0", false),
    ("224.0.0.251", false), ("255.255.255.255", false), ("198.18.0.1", false), ("192.0.2.1", false), ("::", false),
    ("::1", false), ("::ffff:127.0.0.1", false), ("::ffff:8.8.8.8", true), ("fe80::1", false), ("fc00::1", false),
    ("fd12:3456::1", false), ("ff02::1", false), ("2001:db8::1", false), ("64:ff9b::a9fe:a9fe", false),
    ("2002:7f00:1::", false), ("2002:0808:0808::", true), ("::127.0.0.1", false),
  ])
  func addressClasses(address: String, isPublic: Bool) throws {
    #expect(try #require(IPAddress(address)).isPublic == isPublic, "\(address)")
  }

  @Test func argumentVectorKeepsTheURLAfterDoubleDash() {
    let tool = YtDlp(
      executable: "/usr/bin/yt-dlp", settings: ImportSettings(directory: "/data/imports"), proxy: "http://127.0.0.1:1")
    for arguments in [
      tool.probeArguments("-x"), tool.downloadArguments("--exec=id", into: "/d", name: "%(id)s/../x"),
    ] {
      #expect(arguments.first == "--ignore-config")
      #expect(arguments.contains("--no-exec"))
      #expect(arguments.contains("--no-plugin-dirs"))
      #expect(arguments.contains("--socket-timeout"))
      #expect(Array(arguments.suffix(2)).first == "--")
      #expect(arguments.filter { $0 == "--" }.count == 1)
      #expect(arguments[arguments.firstIndex(of: "--proxy")! + 1] == "http://127.0.0.1:1")
    }
    let download = tool.downloadArguments("https://e.com/a", into: "/d", name: "x")
    #expect(download[download.firstIndex(of: "--max-filesize")! + 1] == String(512 << 20))
    #expect(YtDlp.outputTemplate("%(id)s/../AC\\DC\n") == "%%(id)s-..-AC-DC.%(ext)s")
    #expect(YtDlp.outputTemplate("...-") == "import.%(ext)s")
  }

  @Test func importFlags() throws {
    guard
      case .serve(let configuration) = try CommandLineArguments.parse(
        ["serve", "--ytdlp", "--allow-private-imports", "--max-import-mb", "64"], environment: [:])
    else {
      Issue.record("not a serve command")
      return
    }
    #expect(configuration.urlImportEnabled && configuration.allowPrivateImports)
    #expect(configuration.maxImportMegabytes == 64)
    guard
      case .serve(let defaults) = try CommandLineArguments.parse(
        ["serve"], environment: ["BLASTOISE_ALLOW_PRIVATE_IMPORTS": "false", "BLASTOISE_MAX_IMPORT_MB": "7"])
    else {
      Issue.record("not a serve command")
      return
    }
    #expect(!defaults.allowPrivateImports && defaults.maxImportMegabytes == 7)
    #expect(throws: UsageError.self) {
      try CommandLineArguments.parse(["serve", "--max-import-mb", "0"], environment: [:])
    }
    #expect(throws: UsageError.self) {
      try CommandLineArguments.parse(["serve", "--allow-private-imports=yes"], environment: [:])
    }
  }

  @Test func progressLines() {
    #expect(
      ImportProgress(line: "BLASTOISE-PROGRESS downloading 512 2048 NA")
        == ImportProgress(finished: false, downloadedBytes: 512, totalBytes: 2048))
    #expect(ImportProgress(line: "BLASTOISE-PROGRESS downloading 512 NA 1024.5")?.percent == 50)
    #expect(ImportProgress(line: "BLASTOISE-PROGRESS downloading 512 NA NA")?.percent == nil)
    #expect(ImportProgress(line: "BLASTOISE-PROGRESS finished 2048 2048 NA")?.percent == 99)
    #expect(ImportProgress(line: "[download] 50% of 1MiB") == nil)
    #expect(ImportProgress(line: "BLASTOISE-PROGRESS downloading x y z") == nil)
  }

  @Test func proxyRequestHeads() throws {
    let tunnel = try #require(ImportProxyRequest(head: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443"))
    #expect(tunnel.isTunnel && tunnel.host == "example.com" && tunnel.port == 443)
    #expect(try #require(ImportProxyRequest(head: "CONNECT [::1]:8443 HTTP/1.1")).host == "::1")
    let plain = try #require(
      ImportProxyRequest(
        head:
          "GET http://h:8080/a/b?c=d HTTP/1.1\r\nHost: h:8080\r\nProxy-Connection: keep-alive\r\nConnection: keep-alive"
      ))
    #expect(!plain.isTunnel && plain.host == "h" && plain.port == 8080)
    #expect(
      String(decoding: plain.forwardedHead, as: UTF8.self)
        == "GET /a/b?c=d HTTP/1.1\r\nHost: h:8080\r\nConnection: close\r\n\r\n")
    for head in [
      "GET /relative HTTP/1.1", "GET https://h/ HTTP/1.1", "CONNECT h HTTP/1.1", "CONNECT u@h:1 HTTP/1.1",
      "GET http://%68/ HTTP/1.1", "BAD", "G3T http://h/ HTTP/1.1",
    ] {
      #expect(ImportProxyRequest(head: head) == nil, "\(head)")
    }
  }

  /// yt-dlp follows redirects; the proxy it must use refuses the ones that lead somewhere the
  /// policy forbids (here: anything but 127.0.0.1), and lets the rest through.
  @Test func theProxyStopsRedirectsToRefusedAddresses() async throws {
    let site = try await ImportFixtureSite.start(files: ["song.wav": ImportTests.song])
    let executable = try #require(ExecutableLookup.find("yt-dlp"))
    let allowed = try #require(IPAddress("127.0.0.1"))
    let proxy = try ImportProxy(permits: { $0 == allowed }, timeoutSeconds: 30)
    let folder = try temporaryDirectory()
    var settings = ImportSettings(directory: folder)  // hang guards, not speed bounds
    settings.socketTimeoutSeconds = 30
    settings.probeTimeoutSeconds = 120
    settings.jobTimeoutSeconds = 120
    let tool = YtDlp(executable: executable, settings: settings, proxy: proxy.url)

    #expect(try await tool.probe(site.url("/song.wav")) == .single(title: "song"))
    let sneaky = site.url("/redirect?to=http://127.0.0.2:\(site.port)/song.wav")
    do {
      _ = try await tool.probe(sneaky)
      Issue.record("the redirect was followed")
    } catch let failure as ImportFailure {
      #expect(failure.message.contains("403"), "\(failure.message)")
    }
    let download = await tool.download(sneaky, into: folder, name: "x", process: ToolProcess()) { _ in }
    guard case .failed(let failure) = download else {
      Issue.record("downloaded through a refused redirect: \(download)")
      return
    }
    #expect(failure.message.contains("403: \(ImportProxy.refusal)"), "\(failure.message)")
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).allSatisfy { !$0.hasSuffix(".wav") })
    proxy.stop()
    site.stop()
  }
}
