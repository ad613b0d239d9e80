import BlastoiseBridge
import BlastoisePhotoBackup
import BlastoiseProtocol
import Foundation
import Testing

/// The bridge's messages as the page posts them and as the host answers (docs/native-bridge.md).
@Suite struct BridgeMessageTests {
  func message(_ json: String) throws(BridgeError) -> PageMessage { try PageMessage(json: Data(json.utf8)) }

  func refusal(_ json: String) -> String? {
    do {
      _ = try message(json)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everyKindThePageSendsIsRead() throws {
    #expect(
      try message(#"{"t":"ready","version":1,"rate":1.5,"volume":0.25}"#) == .ready(version: 1, rate: 1.5, volume: 0.25)
    )
    #expect(try message(#"{"t":"ready","version":1}"#) == .ready(version: 1, rate: 1, volume: 1))
    #expect(try message(#"{"t":"play"}"#) == .play)
    #expect(try message(#"{"t":"pause"}"#) == .pause)
    #expect(try message(#"{"t":"stop"}"#) == .stop)
    #expect(try message(#"{"t":"seek","to":12.5}"#) == .seek(to: 12.5))
    #expect(try message(#"{"t":"rate","v":2}"#) == .rate(2))
    #expect(try message(#"{"t":"volume","v":0}"#) == .volume(0))
    #expect(try message(#"{"t":"save"}"#) == .save(finished: false))
    #expect(try message(#"{"t":"save","finished":true}"#) == .save(finished: true))
    #expect(try message(#"{"t":"follow-room","roomId":"abc"}"#) == .followRoom(roomID: "abc", invite: nil))
    #expect(
      try message(#"{"t":"follow-room","roomId":"abc","invite":"tok"}"#) == .followRoom(roomID: "abc", invite: "tok"))
    #expect(try message(#"{"t":"leave-room"}"#) == .leaveRoom)
  }

  @Test func aLoadCarriesWhatTheLockScreenShowsAndWhereProgressGoes() throws {
    let json = #"""
      {"t":"load","url":"https://music.example.org/api/books/b1/files/1","trackId":null,"title":"Chapter 2",
       "artist":"Ann Author","album":"A Book","artwork":"https://music.example.org/api/covers/c1?size=512",
       "duration":1800,"position":42.5,"rate":1.25,"volume":0.5,"kind":"book",
       "progress":{"kind":"books","id":"b1","start":600,"duration":3600}}
      """#
    guard case .load(let load) = try message(json) else {
      Issue.record("not a load")
      return
    }
    #expect(load.url.absoluteString == "https://music.example.org/api/books/b1/files/1")
    #expect(load.title == "Chapter 2")
    #expect(load.kind == .book)
    #expect(load.position == 42.5)
    #expect(load.progress == ProgressTarget(kind: .books, id: "b1", start: 600, duration: 3600))
    #expect(
      try message(#"{"t":"load","url":"https://h/api/tracks/t1"}"#)
        == .load(LoadRequest(url: URL(string: "https://h/api/tracks/t1")!)))
  }

  @Test func aPreloadIsTheNextFileLikeALoadOrNothing() throws {
    let json = #"""
      {"t":"preload","url":"https://music.example.org/api/books/b1/files/2","title":"Part 3","kind":"book",
       "progress":{"kind":"books","id":"b1","start":1200}}
      """#
    #expect(
      try message(json)
        == .preload(
          LoadRequest(
            url: URL(string: "https://music.example.org/api/books/b1/files/2")!, title: "Part 3", kind: .book,
            progress: ProgressTarget(kind: .books, id: "b1", start: 1200))))
    #expect(try message(#"{"t":"preload"}"#) == .preload(nil))
    #expect(try message(#"{"t":"preload","url":null}"#) == .preload(nil))
    #expect(refusal(#"{"t":"preload","url":"https://h/x","position":-1}"#) != nil)
    #expect(refusal(#"{"t":"preload","url":7}"#) != nil)
  }

  @Test func badMessagesAreRefusedWithWhy() {
    #expect(refusal("not json") == #"A bridge message is a JSON object with a "t""#)
    #expect(refusal(#"{"type":"play"}"#) == #"A bridge message is a JSON object with a "t""#)
    #expect(refusal(#"{"t":"dance"}"#) == #"Unknown bridge message "dance""#)
    #expect(refusal(#"{"t":"seek"}"#)?.contains("missing a field") == true)
    #expect(refusal(#"{"t":"seek","to":"12"}"#)?.contains("wrong type") == true)
    #expect(refusal(#"{"t":"seek","to":-1}"#) == #""seek" needs "to": seconds, 0 or more"#)
    #expect(refusal(#"{"t":"rate","v":10}"#) == "A rate is from 0.25 to 4")
    #expect(refusal(#"{"t":"volume","v":1.5}"#) == "A volume is from 0 to 1")
    #expect(refusal(#"{"t":"ready","version":1,"rate":0}"#) == "A rate is from 0.25 to 4")
    #expect(refusal(#"{"t":"load","url":"https://h/x","duration":-3}"#)?.contains("seconds, 0 or more") == true)
    #expect(refusal(#"{"t":"load","url":"https://h/x","kind":"video"}"#)?.contains("wrong type") == true)
    #expect(refusal(#"{"t":"load","url":"https://h/x","progress":{"kind":"books","id":"","start":0}}"#) != nil)
    #expect(refusal(#"{"t":"follow-room","roomId":""}"#) == #""roomId" is not a room ID"#)
    #expect(refusal(#"{"t":"\#(String(repeating: "x", count: 500))"}"#)?.count ?? 0 < 80)
  }

  @Test func theHostsMessagesAreTheJSONThePageReads() throws {
    func object(_ message: HostMessage) throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: message.json()) as? [String: Any])
    }
    let time = try object(.time(current: 12.25, duration: 30, hostTime: 1_700_000_000_123))
    #expect(time["t"] as? String == "time")
    #expect(time["cur"] as? Double == 12.25)
    #expect(time["dur"] as? Double == 30)
    #expect((time["hostTime"] as? NSNumber)?.int64Value == 1_700_000_000_123)
    #expect(try object(.meta(duration: nil))["dur"] is NSNull)
    #expect(try object(.state(playing: true))["playing"] as? Bool == true)
    #expect(try object(.ended)["t"] as? String == "ended")
    #expect(try object(.error("Could not play"))["message"] as? String == "Could not play")
    #expect(try object(.command("next"))["name"] as? String == "next")
    let room = try object(
      .room(
        RoomFollowing(
          roomID: "r1", trackID: "t1", currentIndex: 2, paused: false, playing: true, roomPosition: 5,
          playerPosition: 5.001,
          driftMs: 1, connection: "connected", status: "In step")))
    let state = try #require(room["state"] as? [String: Any])
    #expect(state["roomId"] as? String == "r1")
    #expect(state["driftMs"] as? Double == 1)
    #expect(state["connection"] as? String == "connected")
  }

  @Test func aSpokenWordWriteIsWhereThePlayerIsOnTheItemsTimeline() {
    let target = ProgressTarget(
      kind: .episodes, id: "https://pod/ep.mp3", start: 600, duration: 900, feed: "https://pod/feed", guid: "g1")
    let report = target.report(at: 42.5, wallTime: 1_700_000_000_000, finished: false)
    #expect(
      report
        == ProgressReport(
          position: 642.5, duration: 900, finished: false, at: 1_700_000_000_000, feed: "https://pod/feed", guid: "g1"))
    // Never past the item's end, never before the file's start.
    #expect(target.report(at: 400, wallTime: 1, finished: true).position == 900)
    #expect(target.report(at: -3, wallTime: 1, finished: false).position == 600)
  }

  @Test func theBackupCardsChoiceIsThePhonesSettingsForWhoeverIsSignedIn() throws {
    #expect(try message(#"{"t":"backup-status"}"#) == .backupStatus)
    #expect(
      try message(#"{"t":"backup","enabled":true,"wifiOnly":false}"#)
        == .backup(BackupChoice(enabled: true, wifiOnly: false)))
    #expect(refusal(#"{"t":"backup"}"#)?.contains("missing a field") == true)
    let ann = BackupAccount(server: "https://music.example.org", username: "Ann")
    let ben = BackupAccount(server: "https://music.example.org", username: "ben")
    let on = BackupChoice(enabled: true, includeVideos: false).applied(to: BackupSettings(), by: ann)
    #expect(on == BackupSettings(enabled: true, wifiOnly: true, includeVideos: false, account: ann))
    // Options left out stay as they were; turned off, it belongs to nobody.
    #expect(BackupChoice(enabled: true, onlyWhileCharging: true).applied(to: on, by: ann).includeVideos == false)
    #expect(
      BackupChoice(enabled: false).applied(to: on, by: ann) == BackupSettings(enabled: false, includeVideos: false))
    // Ben signs in on ann's phone and turns it on: now it is his, with ann's options kept.
    #expect(BackupChoice(enabled: true).applied(to: on, by: ben).account == ben)

    let json = try #require(
      try JSONSerialization.jsonObject(
        with: HostMessage.backup(on, BackupReport(state: .running, files: 4, done: 1)).json()) as? [String: Any])
    #expect(json["t"] as? String == "backup")
    #expect(json["available"] as? Bool == true)
    #expect(json["account"] as? String == "ann")
    #expect(json["state"] as? String == "running")
    #expect(json["done"] as? Int == 1)
    let none = try #require(
      try JSONSerialization.jsonObject(with: HostMessage.backup(nil, nil).json()) as? [String: Any])
    #expect(none["available"] as? Bool == false)
  }
}
