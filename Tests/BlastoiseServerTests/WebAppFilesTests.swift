import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseServer

@Suite struct WebAppFilesTests {
  let root: String

  init() throws {
    let base = URL(fileURLWithPath: TestRun.root).appendingPathComponent("webapp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("web/js"), withIntermediateDirectories: true)
    try "<html></html>".write(to: base.appendingPathComponent("web/index.html"), atomically: true, encoding: .utf8)
    try "export {}".write(to: base.appendingPathComponent("web/js/app.js"), atomically: true, encoding: .utf8)
    try "secret".write(to: base.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: base.appendingPathComponent("web/escape.txt").path,
      withDestinationPath: base.appendingPathComponent("secret.txt").path)
    root = base.appendingPathComponent("web").resolvingSymlinksInPath().path
  }

  @Test func emptyPathServesTheIndex() {
    #expect(WebAppFiles.resolve("", under: root)?.path == root + "/index.html")
    #expect(WebAppFiles.resolve("", under: root)?.contentType == "text/html; charset=utf-8")
  }

  @Test func nestedFilesGetTheirContentType() {
    #expect(WebAppFiles.resolve("js/app.js", under: root)?.contentType == "text/javascript; charset=utf-8")
  }

  /// The themes' pixel font (Web/fonts) is served as a font.
  @Test func theAppsFontIsServedAsAFont() throws {
    let fonts = root + "/fonts"
    try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
    try Data("wOFF".utf8).write(to: URL(fileURLWithPath: fonts + "/pixel.woff"))
    #expect(WebAppFiles.resolve("fonts/pixel.woff", under: root)?.contentType == "font/woff")
  }

  @Test(arguments: ["../secret.txt", "js/../../secret.txt", ".hidden", "escape.txt", "js/..\\..\\secret.txt"])
  func pathsLeavingTheRootAreRefused(path: String) {
    #expect(WebAppFiles.resolve(path, under: root) == nil)
  }
}
