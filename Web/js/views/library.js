// The library pane: its views (start, albums, album, artists, artist, genres, tracks, favourites,
// audiobooks, a book, podcasts, a podcast, and the person's own photos) chosen by
// the address (routes.js), the search box — catalog search in three groups, or, in the Tracks
// view, a filter over the list — rescan and uploads.
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatCount } from "../format.js";
import { icon } from "../icons.js";
import { libraryHref, libraryRoute } from "../routes.js";
import { mountAlbum } from "./album.js";
import { mountAlbums } from "./albums.js";
import { mountArtist } from "./artist.js";
import { mountArtists } from "./artists.js";
import { mountBook, mountBooks } from "./books.js";
import { mountFavourites } from "./favourites.js";
import { mountGenres } from "./genres.js";
import { mountLibraryHome } from "./library-home.js";
import { mountLibraryTracks } from "./library-tracks.js";
import { mountPhotos } from "./photos.js";
import { mountPodcast, mountPodcasts } from "./podcasts.js";
import { mountSearchResults } from "./search-results.js";
import { toast, toastError } from "./toasts.js";
import { mountUploads } from "./upload.js";

const NAV = [
  ["library", "Home"],
  ["albums", "Albums"],
  ["artists", "Artists"],
  ["genres", "Genres"],
  ["tracks", "Tracks"],
  ["favourites", "Favourites"],
  ["books", "Audiobooks"],
  ["podcasts", "Podcasts"],
  ["photos", "Photos"], // only for those who may back up (not guests)
];
const SECTION = { album: "albums", artist: "artists", book: "books", podcast: "podcasts" }; // a detail page lights up its list's link

export function mountLibrary(ctx, pane) {
  const { store, controls } = ctx;
  const setCount = (text) => { count.textContent = text; };
  const views = {
    library: mountLibraryHome, albums: mountAlbums, album: mountAlbum, artists: mountArtists,
    artist: mountArtist, genres: mountGenres, favourites: mountFavourites, books: mountBooks, book: mountBook,
    podcasts: mountPodcasts, podcast: mountPodcast, photos: mountPhotos,
    tracks: (c, container) => mountLibraryTracks(c, container, { setCount, formatCount }),
  };

  const search = h("input", { type: "search", class: "search-input", id: "library-search", spellcheck: false, attrs: { "aria-label": "Search the library", "aria-controls": "library-view" } });
  const count = h("span", { class: "muted count", id: "library-count" });
  const scanStatus = h("span", { class: "muted scan-status", hidden: true });
  const rescan = h("button", { class: "btn small ghost", type: "button", title: "Rescan the music folder", onclick: async () => {
    rescan.disabled = true;
    try {
      const summary = await api.scan();
      toast(`Scan done: ${formatCount(summary?.added ?? 0)} new, ${formatCount(summary?.missing ?? 0)} missing`, "success");
      controls.refreshLibrary();
    } catch (error) {
      toastError(error, "Rescan");
    } finally {
      rescan.disabled = false;
    }
  } }, icon("refresh", { size: 16 }), h("span", { text: "Rescan" }));
  rescan.hidden = !store.get("user")?.isAdmin;

  // On a phone, URL import lives here rather than in a sixth bottom tab.
  const importButton = ctx.importEnabled
    ? h("button", { class: "btn small ghost phone-only", type: "button", id: "library-import", onclick: () => ctx.showTab?.("import") }, icon("download", { size: 16 }), h("span", { text: "Import" }))
    : null;

  const links = NAV.filter(([view]) => view !== "photos" || store.can("upload")).map(([view, label]) => h("a", { class: "lib-nav-link", href: libraryHref(view), dataset: { view }, text: label }));
  const nav = h("nav", { class: "lib-nav", id: "library-nav", attrs: { "aria-label": "Library views" } }, links);
  const viewBox = h("div", { class: "lib-view", id: "library-view" });
  const resultsBox = h("div", { class: "lib-view", id: "library-results", hidden: true });
  const uploads = mountUploads(ctx, pane);

  pane.append(
    h("div", { class: "pane-head" },
      h("h2", { class: "pane-title", text: "Library" }), count, scanStatus,
      h("div", { class: "pane-actions" }, rescan, importButton, uploads.button)),
    nav,
    h("label", { class: "search" }, icon("search", { size: 18 }), search),
    uploads.panel,
    viewBox, resultsBox);

  let current = null; // { route, view }
  let results = null;

  function show(route) {
    current?.view?.dispose?.();
    viewBox.replaceChildren();
    closeResults();
    search.value = "";
    const tracks = route.view === "tracks";
    search.placeholder = tracks ? "Filter tracks by title, artist, album, file…" : "Search artists, albums, tracks…";
    const section = SECTION[route.view] || route.view;
    for (const a of links) {
      if (a.dataset.view === section) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    if (!tracks) setCount(`${formatCount(store.get("library").length)} tracks`);
    current = { route, view: views[route.view](ctx, viewBox, route) || {} };
    viewBox.scrollTop = 0;
  }

  function closeResults() {
    results?.dispose?.();
    results = null;
    resultsBox.replaceChildren();
    resultsBox.hidden = true;
    viewBox.hidden = false;
  }

  function onQuery() {
    const text = search.value.trim();
    if (current?.view?.filter) return current.view.filter(search.value);
    if (!text) return closeResults();
    if (!results) {
      results = mountSearchResults(ctx, resultsBox);
      resultsBox.hidden = false;
      viewBox.hidden = true;
    }
    results.run(text);
  }

  let debounce = 0;
  search.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(onQuery, current?.view?.filter ? current.view.filterDelay() : 150);
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { search.value = ""; onQuery(); }
  });

  const onHash = () => {
    const route = libraryRoute();
    if (!route) return;
    show(route);
    ctx.showTab?.("library");
  };
  window.addEventListener("hashchange", onHash);
  ctx.track(() => window.removeEventListener("hashchange", onHash));
  ctx.track(() => { current?.view?.dispose?.(); closeResults(); });
  ctx.track(store.on("library", (library) => { if (!current?.view?.filter) setCount(`${formatCount(library.length)} tracks`); }));
  ctx.track(store.on("scan", (scan) => {
    scanStatus.hidden = !scan?.scanning;
    if (scan?.scanning) scanStatus.textContent = `Scanning ${formatCount(scan.processed)}${scan.total ? ` / ${formatCount(scan.total)}` : ""}…`;
  }));
  show(libraryRoute() || { view: "library", id: null, params: {} });
}
