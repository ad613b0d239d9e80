// bench/feeds: FeedParser throughput on a generated 5,000-item podcast feed (iTunes and
// Podcasting 2.0 tags, HTML descriptions), parsed a few times after one warm-up; prints items/s,
// MB/s and the process's peak RSS. Built with -O against the BlastoiseFeeds sources by `run`.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let items = 5_000
let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 5

func generatedFeed() -> Data {
  var xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
    xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
    <channel><title>Bench Feed</title><link>https://bench.example</link>
    <description>A generated feed.</description><itunes:author>Bench</itunes:author>

    """
  for n in 0..<items {
    xml += """
      <item><title>Episode \(n): a title of ordinary length</title>
      <guid isPermaLink="false">bench-\(n)</guid>
      <pubDate>Tue, 10 Nov 2026 06:\(String(format: "%02d", n % 60)):00 GMT</pubDate>
      <enclosure url="https://cdn.bench.example/episodes/\(n).mp3" length="\(40_000_000 + n)" type="audio/mpeg"/>
      <itunes:duration>1:\(String(format: "%02d", n % 60)):30</itunes:duration>
      <itunes:episode>\(n)</itunes:episode><itunes:explicit>false</itunes:explicit>
      <podcast:chapters url="https://bench.example/\(n)/chapters.json" type="application/json+chapters"/>
      <podcast:transcript url="https://bench.example/\(n)/t.vtt" type="text/vtt"/>
      <description><![CDATA[<p>Show notes for episode \(n), with <a href="https://bench.example/\(n)">links</a> \
      and <b>some</b> formatting &amp; entities.</p><p>\(String(repeating: "More notes. ", count: 20))</p>]]></description>
      </item>

      """
  }
  return Data((xml + "</channel></rss>\n").utf8)
}

let data = generatedFeed()
let megabytes = Double(data.count) / 1_048_576
_ = try FeedParser.parse(data)  // warm-up
var best = Double.infinity
for _ in 0..<rounds {
  let start = ContinuousClock.now
  let feed = try FeedParser.parse(data)
  let elapsed = ContinuousClock.now - start
  precondition(feed.episodes.count == items, "parsed \(feed.episodes.count) episodes")
  best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print(
  String(
    format: "bench/feeds: %ld items, %.1f MB: best of %ld parses %.3f s = %.0f items/s, %.1f MB/s; peak RSS %.1f MB",
    items, megabytes, rounds, best, Double(items) / best, megabytes / best, Double(usage.ru_maxrss) / 1024))
