import Testing

@testable import BlastoiseHTTP

@Test(arguments: [
  ("plain text, ünïcödé ✓", "plain text, ünïcödé ✓"),
  ("x\n2026-01-01T00:00:00Z forged", "x\\n2026-01-01T00:00:00Z forged"),
  ("a\r\tb", "a\\r\\tb"),
  ("\u{1B}[2J\u{1B}[31mred", "\\u{1B}[2J\\u{1B}[31mred"),
  ("nel\u{85}ls\u{2028}ps\u{2029}", "nel\\u{85}ls\\u{2028}ps\\u{2029}"),
  ("\u{202E}evil\u{2066}", "\\u{202E}evil\\u{2066}"),
  ("\u{0}\u{7F}", "\\u{0}\\u{7F}"),
  ("already \\n escaped", "already \\\\n escaped"),
])
func logLinesEscapeWhatCouldForgeOrRestyleALine(text: String, logged: String) {
  #expect(LogLine.escaped(text) == logged)
}
