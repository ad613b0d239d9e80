// Catalog search (GET /api/search: accent-insensitive, every word starting a word) as three
// groups: artists, albums, tracks. A newer query cancels the one in flight.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { libraryHref } from "../routes.js";
import { albumGrid } from "./album-card.js";
import { toastError } from "./toasts.js";
import { mountTrackList } from "./track-list.js";

export function mountSearchResults(ctx, container) {
  let controller = null;
  const status = h("p", { class: "muted small", id: "search-status", attrs: { role: "status" } });
  const artists = h("ul", { class: "artist-chips", id: "search-artists", attrs: { "aria-label": "Artists" } });
  const albums = h("div", { class: "search-albums" });
  const tracks = mountTrackList(ctx, { id: "search-tracks", label: "Tracks", emptyText: "No tracks.", selectable: true, rated: true });
  const group = (title, body, id) => h("section", { class: "search-group", id }, h("h3", { class: "lib-section-title", text: title }), body);
  const groups = [group("Artists", artists, "search-group-artists"), group("Albums", albums, "search-group-albums"), group("Tracks", tracks.el, "search-group-tracks")];
  container.append(h("div", { class: "detail-page" }, status, groups));

  async function run(query) {
    controller?.abort();
    controller = new AbortController();
    status.textContent = "Searching…";
    try {
      const answer = await api.search(query, { limit: 50, signal: controller.signal });
      const found = { artists: answer?.artists || [], albums: answer?.albums || [], tracks: answer?.tracks || [] };
      artists.replaceChildren(...found.artists.map((artist) => h("li", {},
        h("a", { class: "artist-chip", href: libraryHref("artist", artist.id), dataset: { id: artist.id }, text: artist.name }))));
      albums.replaceChildren(albumGrid(found.albums, { id: "search-albums", label: "Albums" }));
      tracks.setTracks(found.tracks);
      groups[0].hidden = !found.artists.length;
      groups[1].hidden = !found.albums.length;
      groups[2].hidden = !found.tracks.length;
      const total = found.artists.length + found.albums.length + found.tracks.length;
      status.textContent = total
        ? [plural(found.artists.length, "artist"), plural(found.albums.length, "album"), plural(found.tracks.length, "track")].join(" · ")
        : `Nothing matches “${query}”.`;
    } catch (error) {
      if (error?.name === "AbortError") return;
      status.textContent = "";
      toastError(error, "Search");
    }
  }
  return { run, dispose: () => controller?.abort() };
}
