/// `/api/playlists…`: own playlists, edits by position, share links and copies. Private
/// playlists of others answer 404; public ones are read-only (403 on changes).
extension APIOperation {
  static let onePlaylist = Answer.json(Schema.ref("Playlist"))

  static let playlists: [APIOperation] = [
    APIOperation(
      .get, .playlists, "The caller's playlists and those shared with them", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("PlaylistBundle"))]),
    APIOperation(
      .post, .playlists, "Create a playlist", access: .permission(.create),
      body: .json(Schema.ref("NewNameAndDescription")),
      answers: [
        200: Answer.json(
          Schema.ref("Playlist"), linking: "id", from: "$response.body#/id",
          to: [
            (.get, .playlist), (.patch, .playlist), (.delete, .playlist), (.patch, .playlistTracks),
            (.post, .playlistShare), (.delete, .playlistShare),
          ])
      ]),
    APIOperation(
      .get, .sharedPlaylist, "Open a share link", access: .permission(.listen),
      answers: [200: onePlaylist], errors: [404], notes: "Opening changes nothing (see `…/remember`)."),
    APIOperation(
      .post, .rememberSharedPlaylist, "List a shared playlist under the caller's shared ones",
      access: .permission(.listen), body: .ignoredJSON, answers: [200: onePlaylist], errors: [404],
      notes: "Additive. Guests get 403: they keep no lists."),
    APIOperation(
      .post, .sharedPlaylist, "Copy a shared playlist", access: .permission(.create),
      body: .ignoredJSON, answers: [200: onePlaylist], errors: [404]),
    APIOperation(
      .get, .playlist, "A playlist", access: .permission(.listen), answers: [200: onePlaylist],
      errors: [404]),
    APIOperation(
      .patch, .playlist, "Rename, describe, make public", access: .permission(.create),
      body: .json(Schema.ref("PlaylistChanges")), answers: [200: onePlaylist], errors: [404]),
    APIOperation(
      .delete, .playlist, "Delete a playlist", access: .permission(.create), body: .ignoredJSON,
      answers: [200: success], errors: [404]),
    APIOperation(
      .patch, .playlistTracks, "Edit the tracks by position", access: .permission(.create),
      body: .json(Schema.ref("ListEditRequest")), answers: [200: onePlaylist], errors: [404],
      notes: "Track IDs must be in the library (400)."),
    APIOperation(
      .post, .playlistShare, "Make (or keep) a share link", access: .permission(.create),
      body: .ignoredJSON,
      answers: [
        200: Answer.json(
          Schema.ref("Playlist"), linking: "token", from: "$response.body#/shareToken",
          to: [(.get, .sharedPlaylist), (.post, .sharedPlaylist)])
      ], errors: [404]),
    APIOperation(
      .delete, .playlistShare, "Revoke the share link", access: .permission(.create),
      body: .ignoredJSON, answers: [200: onePlaylist], errors: [404]),
  ]
}
