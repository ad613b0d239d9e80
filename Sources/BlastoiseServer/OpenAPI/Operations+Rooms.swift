/// `/api/channels…`: rooms, playback control, queue edits and the room socket.
extension APIOperation {
  static let success = Answer.json(Schema.ref("Success"))

  static let rooms: [APIOperation] = [
    APIOperation(
      .get, .rooms, "List rooms", access: .permission(.listen),
      answers: [200: Answer.json(Schema.array(Schema.ref("ChannelInfo")))]),
    APIOperation(
      .post, .rooms, "Create a room", access: .permission(.create),
      body: .json(Schema.ref("NewNameAndDescription")),
      answers: [
        200: Answer.json(
          Schema.ref("ChannelInfo"), linking: "id", from: "$response.body#/id",
          to: [
            (.get, .room), (.patch, .room), (.delete, .room), (.post, .roomJump), (.post, .roomSeek),
            (.post, .roomMode), (.patch, .roomQueue), (.get, .roomSocket), (.post, .roomInvite),
          ])
      ]),
    APIOperation(
      .get, .room, "A room's state (without `queue`)", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("ChannelState"))], errors: [404]),
    APIOperation(
      .patch, .room, "Rename a room, or set its control mode and DJs", access: .permission(.create),
      body: .json(Schema.ref("RoomUpdate")), answers: [200: Answer.json(Schema.ref("ChannelInfo"))],
      errors: [404], notes: "The room's owner or an admin (others 403)."),
    APIOperation(
      .post, .roomInvite, "A private room's new invite token", access: .permission(.create), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("RoomInvite"))], errors: [404],
      notes: "The room's owner or an admin (others 403); the old token stops working. An open room is 400."),
    APIOperation(
      .delete, .room, "Delete a room", access: .permission(.create), body: .ignoredJSON,
      answers: [200: success], errors: [404],
      notes: "The room's owner or an admin. The default room cannot be deleted (400); listeners move to it."),
    APIOperation(
      .post, .roomJump, "Play the queue entry at `index`", access: .permission(.control),
      body: .json(Schema.ref("JumpRequest")), answers: [200: success], errors: [404]),
    APIOperation(
      .post, .roomSeek, "Seek in the current track", access: .permission(.control),
      body: .json(Schema.ref("SeekRequest")), answers: [200: success], errors: [404]),
    APIOperation(
      .post, .roomMode, "Set the playback mode", access: .permission(.control),
      body: .json(Schema.ref("ModeRequest")), answers: [200: Answer.json(Schema.ref("ModeResponse"))], errors: [404]),
    APIOperation(
      .patch, .roomQueue, "Edit the queue by position", access: .permission(.editQueue),
      body: .json(Schema.ref("ListEditRequest")), answers: [200: Answer.json(Schema.ref("QueueResponse"))],
      errors: [404], notes: "Track IDs must be in the library (400). The playing entry keeps playing."),
    APIOperation(
      .get, .roomSocket, "The room socket (WebSocket)", access: .permission(.listen),
      answers: [101: ["description": "Switching to the WebSocket protocol (messages: docs/api.md)"]],
      errors: [404, 426],
      notes: """
        A WebSocket upgrade (version 13; a plain GET is 400); an Origin must be this server's or an \
        allowed one (403). A private room needs `?invite=` with its token unless one is its owner, a DJ or \
        an admin (else 404).
        """),
  ]
}
