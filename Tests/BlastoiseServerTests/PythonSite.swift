import BlastoiseTestSupport
import Foundation

/// A small web site for a test: a Python script run on `directory` that prints its port as its
/// first line, then serves (the import and feed fixture sites).
enum PythonSite {
  static func start(script: String, in directory: String, name: String) async throws -> (TestChild, UInt16) {
    let scriptPath = directory + "/site.py"
    try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
    let python = TestChild.locate("python3") ?? "/usr/bin/python3"
    let child = try TestChild(
      python, [scriptPath, directory], environment: BlastoiseExecutable.environment(["PYTHONUNBUFFERED": "1"]))
    _ = await child.waitForOutput { $0.contains("\n") }
    guard let port = UInt16(child.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      child.killGroup()
      throw ProcessFailure(message: "the \(name) did not start: \(child.errorText)")
    }
    return (child, port)
  }
}
