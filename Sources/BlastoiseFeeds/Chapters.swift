import Foundation

/// One chapter of a Podcasting 2.0 chapters file (`application/json+chapters`).
public struct Chapter: Sendable, Equatable {
  public var startTime: Double
  public var endTime: Double?
  public var title: String?
  public var imageURL: String?
  public var url: String?
  /// False for chapters meant for the player only, not the table of contents.
  public var toc: Bool

  public init(
    startTime: Double, endTime: Double? = nil, title: String? = nil, imageURL: String? = nil, url: String? = nil,
    toc: Bool = true
  ) {
    self.startTime = startTime
    self.endTime = endTime
    self.title = title
    self.imageURL = imageURL
    self.url = url
    self.toc = toc
  }
}

/// `{version, chapters: [{startTime, title, img, url, toc}]}` → chapters sorted by start time.
/// Entries without a usable startTime are skipped, not fatal; wrong-typed optional fields are nil.
public enum ChaptersParser {
  public static func parse(_ data: Data, maxChapters: Int = 4096) throws(FeedError) -> [Chapter] {
    let file: ChaptersFile
    do {
      file = try JSONDecoder().decode(ChaptersFile.self, from: data)
    } catch {
      throw FeedError.malformed(line: 0, reason: "not a chapters JSON object")
    }
    let chapters = file.chapters.prefix(maxChapters).compactMap(\.chapter)
    return chapters.enumerated().sorted { ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset) }
      .map(\.element)
  }
}

private struct ChaptersFile: Decodable {
  var chapters: [LenientChapter]
}

/// Decodes whatever an entry holds; never throws, so one bad entry cannot sink the file.
private struct LenientChapter: Decodable {
  var chapter: Chapter?

  private enum Key: String, CodingKey { case startTime, endTime, title, img, url, toc }

  init(from decoder: Decoder) {
    guard let fields = try? decoder.container(keyedBy: Key.self), let start = Self.seconds(fields, .startTime) else {
      return
    }
    chapter = Chapter(
      startTime: start, endTime: Self.seconds(fields, .endTime),
      title: nonEmpty(try? fields.decodeIfPresent(String.self, forKey: .title)),
      imageURL: nonEmpty(try? fields.decodeIfPresent(String.self, forKey: .img)),
      url: nonEmpty(try? fields.decodeIfPresent(String.self, forKey: .url)),
      toc: (try? fields.decodeIfPresent(Bool.self, forKey: .toc)) ?? true)
  }

  /// A finite, non-negative number (some tools write it as a string).
  private static func seconds(_ fields: KeyedDecodingContainer<Key>, _ key: Key) -> Double? {
    let number =
      (try? fields.decodeIfPresent(Double.self, forKey: key))
      ?? (try? fields.decodeIfPresent(String.self, forKey: key)).flatMap {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
    guard let number, number.isFinite, number >= 0 else { return nil }
    return number
  }
}
