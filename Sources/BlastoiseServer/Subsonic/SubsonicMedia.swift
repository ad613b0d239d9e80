import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import BlastoiseSubsonic

/// Media: `stream` and `download` (the file as it is, with Range; no transcoding, so
/// `maxBitRate`, `format` and `timeOffset` are not offered), `getCoverArt` (a `size` is the
/// smallest of our sizes that covers it), `getLyricsBySongId` (the `songLyrics` extension).
struct SubsonicMedia: Sendable {
  let files: TrackFiles
  let covers: CoverVariants
  let library: SubsonicLibrary
  let lyrics: any LibraryStore

  var endpoints: [String: SubsonicEndpoint] {
    [
      "stream": .media { call in
        try await files.response(forTrack: try call.parameters.required("id"), to: call.request)
      },
      "download": .media { call in
        let id = try call.parameters.required("id")
        var response = try await files.response(forTrack: id, to: call.request)
        if let track = library.tracks.track(id) {
          response.headers.add(
            "Content-Disposition",
            ContentDisposition.attachment(String(track.filename.split(separator: "/").last ?? "track")))
        }
        return response
      },
      "getCoverArt": .media { call in
        let size = Self.coverSize(try call.parameters.int("size", in: 1...Int(Int32.max)))
        return try await CoverRoutes.response(
          try call.parameters.required("id"), size: size, format: .jpeg, covers: covers, to: call.request)
      },
      "getLyricsBySongId": .answer { call in
        let track = try await library.track(try call.parameters.required("id"))
        let text = TrackID.isValid(track.id) ? try await lyrics.lyrics(forTrack: track.id) : nil
        return SubsonicElement(
          "lyricsList",
          children: [
            .list(
              "structuredLyrics",
              text.map { [SubsonicLyrics.element($0, title: track.title, artist: track.artist)] } ?? [])
          ])
      },
    ]
  }

  /// The smallest size at least `pixels` wide; the original past the largest, or without one.
  static func coverSize(_ pixels: Int?) -> CoverSize {
    guard let pixels else { return .original }
    return CoverSize.allCases.first { ($0.pixels ?? .max) >= pixels } ?? .original
  }
}
