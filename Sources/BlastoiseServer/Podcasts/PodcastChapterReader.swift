import BlastoiseCore
import BlastoiseFeeds
import Foundation
import Synchronization

/// Episodes' Podcasting 2.0 chapters files (`application/json+chapters`), fetched through the
/// outbound client when someone opens them and kept for a day (at most `capacity` of them), so a
/// page opened by many people fetches each file once.
final class PodcastChapterReader: Sendable {
  static let maxBytes = 1 << 20
  static let keptMilliseconds: Int64 = 86_400_000
  static let capacity = 512
  private let http: OutboundHTTP
  private let kept = Mutex<[String: (chapters: [Chapter], at: Int64)]>([:])

  init(http: OutboundHTTP) { self.http = http }

  func read(_ url: String) async throws -> [Chapter] {
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    if let hit = kept.withLock({ $0[url] }), now - hit.at < Self.keptMilliseconds { return hit.chapters }
    let response: OutboundResponse
    do {
      response = try await http.fetch(
        OutboundRequest(url: url, maxBytes: Self.maxBytes, accept: "application/json+chapters, application/json"))
    } catch {
      throw CoreError(.unavailable, "The chapters could not be fetched: \(error.message)")
    }
    guard (200..<300).contains(response.status) else {
      throw CoreError(.unavailable, "The chapters' server answered \(response.status)")
    }
    let chapters: [Chapter]
    do {
      chapters = try ChaptersParser.parse(Data(response.body))
    } catch {
      throw CoreError(.unavailable, "The episode's chapters file is not chapters JSON")
    }
    kept.withLock { kept in
      if kept.count >= Self.capacity { kept = kept.filter { now - $0.value.at < Self.keptMilliseconds } }
      if kept.count >= Self.capacity { kept.removeAll() }
      kept[url] = (chapters, now)
    }
    return chapters
  }
}
