// Every artist in a virtual list read a page at a time, each a link to their page; sorted by
// name, recently added or most played (this person's plays), the sort in the address.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { PagedSource } from "../paged.js";
import { libraryHref } from "../routes.js";
import { VirtualList } from "../virtual-list.js";
import { toastError } from "./toasts.js";

const ROW_HEIGHT = 52;

export const ARTIST_SORTS = [
  ["name", "Name"],
  ["added", "Recently added"],
  ["played", "Most played"],
];

export function mountArtists(ctx, container, route) {
  const sort = ARTIST_SORTS.some(([value]) => value === route?.params?.sort) ? route.params.sort : "name";
  const sortSelect = h("select", { class: "select", id: "artists-sort", attrs: { "aria-label": "Sort artists by" } },
    ARTIST_SORTS.map(([value, label]) => h("option", { value, text: label, selected: value === sort })));
  sortSelect.addEventListener("change", () => { window.location.hash = libraryHref("artists", null, { sort: sortSelect.value }); });
  const count = h("span", { class: "muted count", id: "artists-count" });
  const source = new PagedSource((page) => api.artists({ sort, ...page }), { onChange: () => {
    count.textContent = plural(source.total, "artist");
    list.setEmptyText("No artists yet.");
    if (list.items.length !== source.total) list.setItems(Array.from({ length: source.total }, (_, i) => i));
    else list.refresh();
  } });
  const list = new VirtualList({
    rowHeight: ROW_HEIGHT, className: "artist-list", label: "Artists", emptyText: "Loading…",
    renderRow: (index) => {
      source.ensure(index, index);
      const artist = source.get(index);
      if (!artist) return h("div", { class: "artist-row skeleton", attrs: { "aria-hidden": "true" } });
      return h("a", { class: "artist-row", href: libraryHref("artist", artist.id), dataset: { id: artist.id } },
        h("span", { class: "tr-title", text: artist.name }),
        h("span", { class: "tr-sub", text: [plural(artist.albumCount || 0, "album"), plural(artist.trackCount || 0, "track"), artist.playCount ? plural(artist.playCount, "play") : null].filter(Boolean).join(" · ") }));
    },
  });
  list.el.id = "artist-list";
  container.append(h("div", { class: "lib-toolbar" }, sortSelect, count), list.el);
  source.start().catch((error) => toastError(error, "Artists"));
  // A scan, an upload or an import changed the library (covers found, albums added): read again.
  const stopReading = ctx.store.on("library", () => source.reload().catch((error) => toastError(error, "Artists")));
  return { dispose: () => { stopReading(); source.dispose(); list.resizeObserver.disconnect(); } };
}
