// An artist's page: their albums, and the albums of others they appear on (compilations too), with
// Play in this room / Add to queue / Play next / Add to playlist for all their tracks — those of
// their albums and those they play on elsewhere, album by album in disc and track order.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { albumGrid } from "./album-card.js";
import { heartButton } from "./favourite.js";
import { ratingControl } from "./rating.js";
import { toastError } from "./toasts.js";
import { batchButtons } from "./track-list.js";

/** The batch buttons over the artist's tracks, which come from the library: off until it has come
 *  (a click before would add nothing). */
function actions(ctx, tracks) {
  const el = h("div", { class: "detail-actions" }, batchButtons(ctx, tracks, { idPrefix: "artist" }));
  const update = () => {
    for (const button of el.querySelectorAll("button")) {
      button.disabled = !ctx.store.get("libraryLoaded");
      button.title = button.disabled ? "Loading the library…" : "";
    }
  };
  update();
  if (!ctx.store.get("libraryLoaded")) {
    const stop = ctx.track(ctx.store.on("library", () => { update(); stop(); }));
  }
  return el;
}

export function mountArtist(ctx, container, route) {
  let gone = false;
  const page = h("div", { class: "detail-page", id: "artist-page" }, h("p", { class: "muted", text: "Loading…" }));
  container.append(page);
  api.artist(route.id).then(({ artist, albums = [], appearsOn = [] }) => {
    if (gone) return;
    const tracks = () => artistTracks(ctx.store.get("library"), artist.id, [...albums, ...appearsOn]);
    page.replaceChildren(
      h("div", { class: "detail-info artist-head" },
        h("span", { class: "detail-kind", text: "Artist" }),
        h("h3", { class: "detail-title", id: "artist-name", text: artist.name || "Unknown artist" }),
        h("p", { class: "muted", text: [plural(artist.albumCount ?? albums.length, "album"), plural(artist.trackCount ?? 0, "track"), artist.playCount ? plural(artist.playCount, "play") : null].filter(Boolean).join(" · ") }),
        h("div", { class: "detail-personal" },
          heartButton(ctx, "artists", artist, artist.name || "this artist", { id: "artist-favourite", small: false }),
          ratingControl(ctx, "artists", artist, artist.name || "this artist", { id: "artist-rating", size: 20 })),
        actions(ctx, tracks)),
      h("h4", { class: "lib-section-title", text: "Albums" }),
      albumGrid(albums, { id: "artist-albums", label: "Albums", emptyText: "No albums of their own." }),
      appearsOn.length ? h("h4", { class: "lib-section-title", text: "Appears on" }) : null,
      appearsOn.length ? albumGrid(appearsOn, { id: "artist-appears-on", label: "Appears on" }) : null);
  }, (error) => {
    if (gone) return;
    page.replaceChildren(h("p", { class: "muted", text: error?.status === 404 ? "This artist is no longer in the library." : "The artist could not be loaded." }));
    if (error?.status !== 404) toastError(error, "Artist");
  });
  return { dispose: () => { gone = true; } };
}

/** The artist's tracks in the library: on their own albums, or by them on others'; album by album
 *  (in the order the page lists the albums, others after), each in disc and track order. */
export function artistTracks(library, artistId, albums) {
  const own = new Set(albums.filter((a) => a.artistId === artistId).map((a) => a.id));
  const rank = new Map(albums.map((a, i) => [a.id, i]));
  const order = (t) => rank.get(t.albumId) ?? albums.length;
  return library
    .filter((t) => t.artistId === artistId || own.has(t.albumId))
    .map((t, i) => [t, i])
    .sort(([a, i], [b, j]) => order(a) - order(b) || (a.albumId || "").localeCompare(b.albumId || "")
      || (a.discNumber || 0) - (b.discNumber || 0) || (a.trackNumber || 0) - (b.trackNumber || 0) || i - j)
    .map(([t]) => t);
}
