/// Status, health, this document, and `/api/auth/*`.
extension APIOperation {
  static let status: [APIOperation] = [
    APIOperation(
      .get, .health, "Liveness", access: .open,
      answers: [200: ["description": "`ok`", "content": ["text/plain": ["schema": ["const": "ok"]]]]]),
    APIOperation(
      .get, .status, "What this server offers", access: .open,
      answers: [200: Answer.json(Schema.ref("ServerStatus"))]),
    APIOperation(
      .get, .openAPI, "This document", access: .open,
      answers: [200: Answer.json(["type": "object"], "OpenAPI 3.1")], notes: "Additive."),
  ]

  static let signedIn = Answer.json(Schema.ref("AuthEnvelope"), "Signed in; `Set-Cookie: blastoise_session=…`")
    .merging(["headers": ["Set-Cookie": ["schema": Schema.string]]])

  static let auth: [APIOperation] = [
    APIOperation(
      .post, .signUp, "Create an account and sign in", access: .optionalSession,
      body: .json(Schema.ref("Credentials")), answers: [200: signedIn], errors: [403, 409],
      notes: "The first account is the admin. 403 when sign-up is closed. A session sent along ends."),
    APIOperation(
      .post, .logIn, "Sign in", access: .optionalSession, body: .json(Schema.ref("Credentials")),
      answers: [200: signedIn], errors: [401, 403, 429],
      notes: """
        Every sign-in gets a new token; a session sent along ends. Failures are throttled per address \
        (an IPv6 client's /64). A disabled account is 403 once its password was right.
        """),
    APIOperation(
      .post, .logOut, "Sign out", access: .optionalSession, body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("Success"), "Signed out; the cookie is cleared")]),
    APIOperation(
      .get, .me, "Who is signed in", access: .optionalSession,
      answers: [200: Answer.json(Schema.ref("AuthEnvelope"), "`user` is null when nobody is signed in")],
      errors: [503],
      notes: "With guests allowed, a visitor without a session becomes a guest here (and gets a cookie)."),
    APIOperation(
      .post, .password, "Change one's password", access: .permission(.listen),
      body: .json(Schema.ref("PasswordChange")), answers: [200: Answer.json(Schema.ref("SuccessCount"))],
      errors: [400, 403, 429],
      notes: """
        Additive. The current password is checked and throttled as a sign-in is (403 when wrong, 429 \
        after too many); the new one by the sign-up rules (400). The user's other sessions end (their \
        sockets get `kick`; `count` says how many), this one stays; app passwords stay.
        """),
    APIOperation(
      .get, .sessions, "Where one is signed in", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("SessionList"))], errors: [403],
      notes: "Additive. Times in seconds; `id` names a session (not its token); `current` is this one. 403 for a guest."
    ),
    APIOperation(
      .delete, .session, "Sign one of one's sessions out", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("Success"))], errors: [403, 404],
      notes: "Additive. Its sockets get `kick`. This session too, when named."),
    APIOperation(
      .post, .kickOthers, "End the user's other sessions", access: .permission(.listen),
      body: .ignoredJSON, answers: [200: Answer.json(Schema.ref("SuccessCount"))],
      notes: "Their sockets get `kick` and close. `count` is additive."),
    APIOperation(
      .get, .adminServer, "How this server runs", access: .permission(.administer),
      answers: [200: Answer.json(Schema.ref("ServerReport"))],
      notes: "Additive. The database's kind only (never its address), the folders read, the switches, present tracks."),
    APIOperation(
      .patch, .me, "Change one's profile", access: .permission(.listen), body: .json(Schema.ref("ProfileChange")),
      answers: [200: Answer.json(Schema.ref("AuthEnvelope"))], errors: [400, 403],
      notes: """
        Additive. `displayName` (trimmed, at most 64 characters, no control characters; empty or null clears it) \
        is what the app shows instead of the username. 403 for a guest.
        """),
    APIOperation(
      .patch, .adminServer, "Change the server's switches", access: .permission(.administer),
      body: .json(Schema.ref("PolicyChange")), answers: [200: Answer.json(Schema.ref("ServerReport"))],
      notes: """
        Additive. Kept in the database, so every node follows at once; they win over `--guests` and \
        `--no-signup` from then on. Turning guests off ends the guest sessions (their sockets get `kick`).
        """),
    APIOperation(
      .get, .adminScans, "This node's recent library scans", access: .permission(.administer),
      answers: [200: Answer.json(Schema.array(Schema.ref("ScanRecord")))],
      notes: """
        Additive. Newest first, the last 20 since this node started: what started each, its counts, why it \
        failed, and the files it passed over with the reason (at most 200 listed).
        """),
    APIOperation(
      .get, .adminUsers, "Every account", access: .permission(.administer),
      answers: [200: Answer.json(Schema.array(Schema.ref("AccountInfo")))],
      notes: "Additive. By username; times are seconds since the epoch; never a password or its hash."),
    APIOperation(
      .post, .adminUsers, "Make an account", access: .permission(.administer),
      body: .json(Schema.ref("NewAccount")), answers: [201: Answer.json(Schema.ref("AccountInfo"))],
      errors: [400, 409],
      notes: "Additive. The sign-up rules (400), also while sign-up is closed; a taken name is 409."),
    APIOperation(
      .patch, .adminUser, "Change an account's role, or disable it", access: .permission(.administer),
      body: .json(Schema.ref("AccountChange")), answers: [200: Answer.json(Schema.ref("AccountInfo"))],
      errors: [400, 404, 409],
      notes: """
        Additive. A disabled account cannot sign in (403 once its password was right) nor use its app \
        passwords. A changed role or a disabling ends the account's sessions (their sockets get `kick`). \
        403 for disabling oneself; 409 when it would leave no admin who can sign in.
        """),
    APIOperation(
      .get, .adminGuests, "Live guest sessions", access: .permission(.administer),
      answers: [200: Answer.json(Schema.array(Schema.ref("GuestSession")))],
      notes: "Additive. Guests are sessions only; times are seconds since the epoch."),
  ]
}
