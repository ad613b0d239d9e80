// An album's page: cover, name, artist (a link), year, genres, and its tracks in disc and track
// order, with Play in this room / Add to queue / Play next / Add to playlist for the whole album
// or the tracks picked.
import { api } from "../api.js";
import { coverArt } from "../covers.js";
import { tracksDownload } from "../download-plan.js";
import { h } from "../dom.js";
import { UNKNOWN_ARTIST, albumArtist, albumName, formatTime, plural } from "../format.js";
import { libraryHref } from "../routes.js";
import { downloadButton } from "./download-button.js";
import { heartButton } from "./favourite.js";
import { ratingControl } from "./rating.js";
import { toastError } from "./toasts.js";
import { batchButtons, mountTrackList } from "./track-list.js";

export function mountAlbum(ctx, container, route) {
  let tracks = [];
  let gone = false;
  let discs = 1;
  const head = h("div", { class: "detail-head", id: "album-head" }, h("p", { class: "muted", text: "Loading…" }));
  const list = mountTrackList(ctx, {
    id: "album-tracks", label: "Album tracks", emptyText: "This album has no tracks on disk.", selectable: true, rated: true,
    number: (track) => numberOf(track, discs),
    subtitle: (track) => track.artist || UNKNOWN_ARTIST, // the album is the page's
  });
  container.append(h("div", { class: "detail-page" }, head, list.el));

  api.album(route.id).then((answer) => {
    if (gone) return;
    const album = answer.album;
    tracks = answer.tracks || [];
    discs = album.discCount || 1;
    const artist = album.artistId
      ? h("a", { class: "detail-artist", href: libraryHref("artist", album.artistId), text: albumArtist(album) })
      : h("span", { class: "detail-artist", text: albumArtist(album) });
    const facts = [album.year, plural(album.trackCount ?? tracks.length, "track"), formatTime(album.duration || 0), ...(album.genres || []).slice(0, 3),
      album.playCount ? plural(album.playCount, "play") : null].filter(Boolean);
    head.replaceChildren(
      coverArt(album.coverId || tracks.find((t) => t.coverId)?.coverId || null, { sizes: "(max-width: 800px) 40vw, 180px", seed: album.name || album.id, className: "detail-cover", iconSize: 48 }),
      h("div", { class: "detail-info" },
        h("span", { class: "detail-kind", text: album.compilation ? "Compilation" : "Album" }),
        h("h3", { class: "detail-title", id: "album-title", text: albumName(album) }),
        artist,
        h("p", { class: "muted detail-facts", text: facts.join(" · ") }),
        h("div", { class: "detail-personal" },
          heartButton(ctx, "albums", album, albumName(album), { id: "album-favourite", small: false }),
          ratingControl(ctx, "albums", album, albumName(album), { id: "album-rating", size: 20 })),
        h("div", { class: "detail-actions" }, batchButtons(ctx, () => tracks, { idPrefix: "album" }),
          downloadButton(() => tracksDownload("album", album.id, albumName(album), albumArtist(album), tracks), { id: "album-download" }))));
    list.setTracks(tracks);
  }, (error) => {
    if (gone) return;
    head.replaceChildren(h("p", { class: "muted", text: error?.status === 404 ? "This album is no longer in the library." : "The album could not be loaded." }));
    if (error?.status !== 404) toastError(error, "Album");
  });
  return { dispose: () => { gone = true; } };
}

/** "3", or "2·3" (disc 2, track 3) on an album of several discs. */
function numberOf(track, discs) {
  if (!track.trackNumber) return "";
  return discs > 1 && track.discNumber ? `${track.discNumber}·${track.trackNumber}` : String(track.trackNumber);
}
