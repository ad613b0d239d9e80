/// `/api/playlists…`: own playlists, edits by position, share links and copies. Private
/// playlists of others answer 404; public ones are read-only (403 on changes).
extension APIOperation {
  static let onePlaylist = Answer.json(Schema.ref("Playlist"))

  static let playlists: [APIOperation] = [
    APIOperation(
      .get, "/api/playlists", "The caller's playlists and those shared with them", access: .permission("listen"),
      answers: [200: Answer.json(Schema.ref("PlaylistBundle"))]),
    APIOperation(
      .post, "/api/playlists", "Create a playlist", access: .permission("create"),
      body: .json(Schema.ref("NewNameAndDescription")),
      answers: [
        200: Answer.json(
          Schema.ref("Playlist"), linking: "id", from: "$response.body#/id",
          to: [
            "getApiPlaylistsId", "patchApiPlaylistsId", "deleteApiPlaylistsId", "patchApiPlaylistsIdTracks",
            "postApiPlaylistsIdShare", "deleteApiPlaylistsIdShare",
          ])
      ]),
    APIOperation(
      .get, "/api/playlists/shared/{token}", "Open a share link", access: .permission("listen"),
      answers: [200: onePlaylist], errors: [404], notes: "Opening changes nothing (see `…/remember`)."),
    APIOperation(
      .post, "/api/playlists/shared/{token}/remember", "List a shared playlist under the caller's shared ones",
      access: .permission("listen"), body: .ignoredJSON, answers: [200: onePlaylist], errors: [404],
      notes: "Additive. Guests get 403: they keep no lists."),
    APIOperation(
      .post, "/api/playlists/shared/{token}", "Copy a shared playlist", access: .permission("create"),
      body: .ignoredJSON, answers: [200: onePlaylist], errors: [404]),
    APIOperation(
      .get, "/api/playlists/{id}", "A playlist", access: .permission("listen"), answers: [200: onePlaylist],
      errors: [404]),
    APIOperation(
      .patch, "/api/playlists/{id}", "Rename, describe, make public", access: .permission("create"),
      body: .json(Schema.ref("PlaylistChanges")), answers: [200: onePlaylist], errors: [404]),
    APIOperation(
      .delete, "/api/playlists/{id}", "Delete a playlist", access: .permission("create"), body: .ignoredJSON,
      answers: [200: success], errors: [404]),
    APIOperation(
      .patch, "/api/playlists/{id}/tracks", "Edit the tracks by position", access: .permission("create"),
      body: .json(Schema.ref("ListEditRequest")), answers: [200: onePlaylist], errors: [404],
      notes: "Track IDs must be in the library (400)."),
    APIOperation(
      .post, "/api/playlists/{id}/share", "Make (or keep) a share link", access: .permission("create"),
      body: .ignoredJSON,
      answers: [
        200: Answer.json(
          Schema.ref("Playlist"), linking: "token", from: "$response.body#/shareToken",
          to: ["getApiPlaylistsSharedToken", "postApiPlaylistsSharedToken"])
      ], errors: [404]),
    APIOperation(
      .delete, "/api/playlists/{id}/share", "Revoke the share link", access: .permission("create"),
      body: .ignoredJSON, answers: [200: onePlaylist], errors: [404]),
  ]
}
