// Every album as a virtual grid of cards, read a page at a time as it scrolls (a library of
// 100,000 tracks has thousands of albums), sorted and filtered by genre — both in the address.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { PagedSource } from "../paged.js";
import { libraryHref } from "../routes.js";
import { VirtualGrid } from "../virtual-grid.js";
import { albumCard, albumSkeleton } from "./album-card.js";
import { toastError } from "./toasts.js";

export const ALBUM_SORTS = [
  ["name", "Name"],
  ["artist", "Artist"],
  ["year", "Year"],
  ["added", "Recently added"],
  ["played", "Most played"],
  ["random", "Random"],
];

export function mountAlbums(ctx, container, route) {
  const sort = ALBUM_SORTS.some(([value]) => value === route.params.sort) ? route.params.sort : "name";
  const genre = route.params.genre || "";
  const go = (params) => { window.location.hash = libraryHref("albums", null, { sort, genre, ...params }); };

  const sortSelect = h("select", { class: "select", id: "albums-sort", attrs: { "aria-label": "Sort albums by" } },
    ALBUM_SORTS.map(([value, label]) => h("option", { value, text: label, selected: value === sort })));
  sortSelect.addEventListener("change", () => go({ sort: sortSelect.value }));
  const genreSelect = h("select", { class: "select", id: "albums-genre", attrs: { "aria-label": "Genre" } }, h("option", { value: "", text: "All genres" }));
  genreSelect.addEventListener("change", () => go({ genre: genreSelect.value }));
  const count = h("span", { class: "muted count", id: "albums-count" });

  const source = new PagedSource((page) => api.albums({ sort, genre, ...page }), { onChange: () => {
    count.textContent = plural(source.total, "album");
    grid.setEmptyText(genre ? "No album of this genre." : "No albums yet.");
    if (grid.count !== source.total) grid.setCount(source.total);
    else grid.refresh();
  } });
  const grid = new VirtualGrid({
    label: "Albums", emptyText: "Loading…", className: "album-grid",
    renderCard: (index) => {
      source.ensure(index, index);
      const album = source.get(index);
      return album ? albumCard(album) : albumSkeleton();
    },
  });
  grid.el.id = "album-grid";
  container.append(h("div", { class: "lib-toolbar" }, sortSelect, genreSelect, count), grid.el);

  source.start().catch((error) => toastError(error, "Albums"));
  // A scan, an upload or an import changed the library (covers found, albums added): read again.
  const stopReading = ctx.store.on("library", () => source.reload().catch((error) => toastError(error, "Albums")));
  api.genres({ limit: 500 }).then((page) => {
    for (const g of page?.items || []) genreSelect.append(h("option", { value: g.id, text: g.name, selected: g.id === genre }));
  }, () => {});
  return { dispose: () => { stopReading(); source.dispose(); grid.dispose(); } };
}
