import BlastoiseCore
import BlastoiseProtocol

/// One signed-in person, whose annotations a catalog answer shows.
struct PersonalView: Sendable {
  let annotations: any AnnotationStore
  let userID: Int
}

/// The items of one of an answer's lists that a person sees with their annotations
/// (`favourite`, `rating`, `playCount`, `playedAt`): the answer's top-level JSON `key` holds them,
/// an array of them or (`single`) the one item itself.
struct AnnotatedList: Sendable {
  let key: String
  let kind: AnnotatedKind
  let ids: [String]

  init<Item: Annotated>(_ key: String, _ items: [Item]) {
    self.key = key
    kind = Item.annotatedKind
    ids = items.map(\.id)
  }
}

/// A catalog answer whose tracks, albums and artists a person sees with their annotations.
protocol PersonalAnswer: Encodable, Sendable {
  var annotatedLists: [AnnotatedList] { get }
}

extension Page: PersonalAnswer where Item: Annotated {
  var annotatedLists: [AnnotatedList] { [AnnotatedList("items", items)] }
}

extension AlbumDetail: PersonalAnswer {
  var annotatedLists: [AnnotatedList] { [AnnotatedList("album", [album]), AnnotatedList("tracks", tracks)] }
}

extension ArtistDetail: PersonalAnswer {
  var annotatedLists: [AnnotatedList] {
    [AnnotatedList("artist", [artist]), AnnotatedList("albums", albums), AnnotatedList("appearsOn", appearsOn)]
  }
}

extension SearchResults: PersonalAnswer {
  var annotatedLists: [AnnotatedList] {
    [AnnotatedList("artists", artists), AnnotatedList("albums", albums), AnnotatedList("tracks", tracks)]
  }
}
