// An artist's page: their albums, and the albums of others they appear on (compilations too).
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { albumGrid } from "./album-card.js";
import { heartButton } from "./favourite.js";
import { ratingControl } from "./rating.js";
import { toastError } from "./toasts.js";

export function mountArtist(ctx, container, route) {
  let gone = false;
  const page = h("div", { class: "detail-page", id: "artist-page" }, h("p", { class: "muted", text: "Loading…" }));
  container.append(page);
  api.artist(route.id).then(({ artist, albums = [], appearsOn = [] }) => {
    if (gone) return;
    page.replaceChildren(
      h("div", { class: "detail-info artist-head" },
        h("span", { class: "detail-kind", text: "Artist" }),
        h("h3", { class: "detail-title", id: "artist-name", text: artist.name || "Unknown artist" }),
        h("p", { class: "muted", text: [plural(artist.albumCount ?? albums.length, "album"), plural(artist.trackCount ?? 0, "track"), artist.playCount ? plural(artist.playCount, "play") : null].filter(Boolean).join(" · ") }),
        h("div", { class: "detail-personal" },
          heartButton(ctx, "artists", artist, artist.name || "this artist", { id: "artist-favourite", small: false }),
          ratingControl(ctx, "artists", artist, artist.name || "this artist", { id: "artist-rating", size: 20 }))),
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
