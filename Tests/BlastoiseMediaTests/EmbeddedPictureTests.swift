import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

/// Pictures attached by ffmpeg (or written by hand where it cannot) come back byte for byte from
/// every tag format that keeps them, from the same read as the tags.
@Suite struct EmbeddedPictureTests {
  func embedded(_ path: String, limit: Int = CoverCheck.maxBytes) -> EmbeddedPicture {
    (try? TagReader.read(path: path, pictureLimit: limit).get())?.picture ?? .none
  }

  @Test(arguments: ["mp3", "flac", "m4a", "ogg"])
  func oneReadGivesTheTagsAndThePicture(ext: String) async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let picture = try await CoverFixtures.image("png", width: 24, height: 16, at: folder + "/cover.png")
      var comments = [("title", "Hljóð"), ("album", "Ágætis byrjun")]
      if ext == "ogg" { comments.append(("METADATA_BLOCK_PICTURE", CoverFixtures.oggPictureComment(picture))) }
      try await CoverFixtures.tone(at: folder + "/plain.\(ext)", comments: comments)
      let path = folder + (ext == "ogg" ? "/plain.ogg" : "/with.\(ext)")
      if ext != "ogg" {
        try await CoverFixtures.attach(folder + "/cover.png", to: folder + "/plain.\(ext)", output: path)
      }
      let read = try TagReader.read(path: path, pictureLimit: CoverCheck.maxBytes).get()
      #expect(read.picture == .picture(picture))
      #expect(read.tags.title == "Hljóð" && read.tags.album == "Ágætis byrjun")
      #expect(try TagReader.read(path: path).get() == read.tags)
      #expect(abs(read.tags.duration - 1) < 0.05)
      // Without a limit the picture is not asked for.
      #expect(try TagReader.read(path: path, pictureLimit: nil).get().picture == .none)
    }
  }

  @Test func anADTSStreamKeepsItsPictureInItsID3Tag() async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let picture = try await CoverFixtures.image("png", width: 16, height: 16, at: folder + "/cover.png")
      try await CoverFixtures.tone(at: folder + "/plain.aac", options: ["-c:a", "aac", "-f", "adts"])
      let aac = CoverFixtures.id3Tag(picture: picture) + (try CoverFixtures.bytes(folder + "/plain.aac"))
      try Data(aac).write(to: URL(fileURLWithPath: folder + "/with.aac"))
      let read = try TagReader.read(path: folder + "/with.aac", pictureLimit: CoverCheck.maxBytes).get()
      #expect(read.picture == .picture(picture))
      #expect(abs(read.tags.duration - 1) < 0.1)
      #expect(embedded(folder + "/plain.aac") == .none)
    }
  }

  @Test(arguments: ["mp3", "flac", "m4a"])
  func attachedPictureIsReadBackExactly(ext: String) async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let picture = try await CoverFixtures.image("png", width: 64, height: 48, at: folder + "/cover.png")
      try await CoverFixtures.tone(at: folder + "/plain.\(ext)")
      try await CoverFixtures.attach(
        folder + "/cover.png", to: folder + "/plain.\(ext)", output: folder + "/with.\(ext)")
      #expect(embedded(folder + "/with.\(ext)") == .picture(picture))
      #expect(embedded(folder + "/plain.\(ext)") == .none)
    }
  }

  @Test(arguments: ["ogg", "opus"])
  func oggPictureCommentIsRead(ext: String) async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let picture = try await CoverFixtures.image("jpg", width: 40, height: 40, at: folder + "/cover.jpg")
      let comment = CoverFixtures.oggPictureComment(picture, mime: "image/jpeg")
      try await CoverFixtures.tone(at: folder + "/with.\(ext)", comments: [("METADATA_BLOCK_PICTURE", comment)])
      #expect(embedded(folder + "/with.\(ext)") == .picture(picture))
    }
  }

  @Test func wavKeepsItsPictureInAnID3Chunk() async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let picture = try await CoverFixtures.image("png", width: 32, height: 32, at: folder + "/cover.png")
      try await CoverFixtures.tone(at: folder + "/plain.wav")
      let wav = CoverFixtures.wav(
        try CoverFixtures.bytes(folder + "/plain.wav"), withID3: CoverFixtures.id3Tag(picture: picture))
      try Data(wav).write(to: URL(fileURLWithPath: folder + "/with.wav"))
      #expect(embedded(folder + "/with.wav") == .picture(picture))
    }
  }

  @Test func theFrontCoverWinsOverAnEarlierBackCover() async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let back = try await CoverFixtures.image("png", width: 20, height: 20, at: folder + "/back.png")
      let front = try await CoverFixtures.image("png", width: 30, height: 30, at: folder + "/front.png")
      try await CoverFixtures.tone(at: folder + "/plain.mp3")
      try await TestTool.run(
        "ffmpeg",
        [
          "-v", "error", "-y", "-i", folder + "/plain.mp3", "-i", folder + "/back.png", "-i", folder + "/front.png",
          "-map", "0", "-map", "1", "-map", "2", "-c", "copy", "-id3v2_version", "3",
          "-metadata:s:v:0", "comment=Cover (back)", "-metadata:s:v:1", "comment=Cover (front)", folder + "/two.mp3",
        ])
      #expect(embedded(folder + "/two.mp3") == .picture(front))
      #expect(back != front)
    }
  }

  @Test func picturesOverTheLimitAreNotCopied() async throws {
    try await TestRun.withDirectory("pictures") { folder in
      let picture = try await CoverFixtures.image("png", width: 64, height: 64, at: folder + "/cover.png")
      try await CoverFixtures.tone(at: folder + "/plain.flac")
      try await CoverFixtures.attach(folder + "/cover.png", to: folder + "/plain.flac", output: folder + "/with.flac")
      #expect(embedded(folder + "/with.flac", limit: picture.count - 1) == .tooLarge(picture.count))
    }
  }

  @Test func filesThatAreNotAudioHaveNoPicture() throws {
    try TestRun.withDirectory("pictures") { folder in
      try Data("<!DOCTYPE html><p>not audio".utf8).write(to: URL(fileURLWithPath: folder + "/fake.mp3"))
      #expect(embedded(folder + "/fake.mp3") == .none)
      #expect(embedded(folder + "/missing.flac") == .none)
    }
  }
}
