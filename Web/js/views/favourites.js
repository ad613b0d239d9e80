// This person's favourites: albums, artists and tracks, the latest chosen first. Guests keep
// none, so they are told so instead.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { libraryHref } from "../routes.js";
import { albumGrid } from "./album-card.js";
import { keepsAnnotations } from "./favourite.js";
import { toastError } from "./toasts.js";
import { mountTrackList } from "./track-list.js";

export function mountFavourites(ctx, container) {
  let gone = false;
  const page = h("div", { class: "detail-page", id: "favourites-page" });
  container.append(page);
  if (!keepsAnnotations(ctx.store)) {
    page.append(h("p", { class: "muted", text: "Sign in to keep favourites: guests keep none." }));
    return {};
  }
  const albums = h("div", {}, h("p", { class: "muted small", text: "Loading…" }));
  const artists = h("div", {});
  const tracks = mountTrackList(ctx, { id: "favourite-tracks", label: "Favourite tracks", emptyText: "No favourite tracks yet: tap a track's heart.", rated: true });
  page.append(
    h("h3", { class: "lib-section-title", text: "Albums" }), albums,
    h("h3", { class: "lib-section-title", text: "Artists" }), artists,
    h("h3", { class: "lib-section-title", text: "Tracks" }), tracks.el);
  api.favourites().then((answer) => {
    if (gone) return;
    albums.replaceChildren(albumGrid(answer?.albums || [], { id: "favourite-albums", label: "Favourite albums", emptyText: "No favourite albums yet." }));
    const list = answer?.artists || [];
    artists.replaceChildren(list.length
      ? h("ul", { class: "plain-list", id: "favourite-artists" }, list.map((artist) => h("li", {},
        h("a", { href: libraryHref("artist", artist.id), text: artist.name }),
        h("span", { class: "muted small", text: ` ${plural(artist.trackCount ?? 0, "track")}` }))))
      : h("p", { class: "muted small", id: "favourite-artists", text: "No favourite artists yet." }));
    tracks.setTracks(answer?.tracks || []);
  }, (error) => {
    if (!gone) toastError(error, "Favourites");
  });
  return { dispose: () => { gone = true; } };
}
