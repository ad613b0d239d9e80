import BlastoiseCore
import BlastoiseProtocol

/// One signed-in person's annotations, read for the items an answer shows.
struct PersonalView: Sendable {
  let annotations: any AnnotationStore
  let userID: Int

  /// Shows the person's annotation on each item (one store read for them all).
  func show<Item: Annotated>(_ items: inout [Item]) async throws {
    guard !items.isEmpty else { return }
    let found = try await annotations.annotations(kind: Item.annotatedKind, ids: items.map(\.id), userID: userID)
    for index in items.indices { items[index].annotate(found[items[index].id]) }
  }

  func show<Item: Annotated>(_ item: inout Item) async throws {
    var items = [item]
    try await show(&items)
    item = items[0]
  }
}

/// A catalog answer whose tracks, albums and artists a person sees with their annotations
/// (`favourite`, `rating`, `playCount`, `playedAt`).
protocol PersonalAnswer: Encodable, Sendable {
  mutating func show(_ view: PersonalView) async throws
}

extension Page: PersonalAnswer where Item: Annotated {
  mutating func show(_ view: PersonalView) async throws { try await view.show(&items) }
}

extension AlbumDetail: PersonalAnswer {
  mutating func show(_ view: PersonalView) async throws {
    try await view.show(&album)
    try await view.show(&tracks)
  }
}

extension ArtistDetail: PersonalAnswer {
  mutating func show(_ view: PersonalView) async throws {
    try await view.show(&artist)
    try await view.show(&albums)
    try await view.show(&appearsOn)
  }
}

extension SearchResults: PersonalAnswer {
  mutating func show(_ view: PersonalView) async throws {
    try await view.show(&artists)
    try await view.show(&albums)
    try await view.show(&tracks)
  }
}
