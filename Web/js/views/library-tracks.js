// The library's "Tracks" view: every track in one virtual list (only rows on screen exist),
// filtered as you type over title, artist, album and file name; with this person's hearts and
// stars (the library's tracks carry none of their own).
import { trackTitle } from "../format.js";
import { mountTrackList } from "./track-list.js";

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

function sortKey(a, b) {
  return collator.compare(a.artist || "\uffff", b.artist || "\uffff")
    || collator.compare(a.album || "\uffff", b.album || "\uffff")
    || (a.discNumber || 0) - (b.discNumber || 0) || (a.trackNumber || 0) - (b.trackNumber || 0)
    || collator.compare(a.filename || "", b.filename || "")
    || collator.compare(trackTitle(a), trackTitle(b));
}

/** setCount(text) shows "1,234 tracks" or "12 of 1,234" in the pane's head. */
export function mountLibraryTracks(ctx, container, { setCount, formatCount }) {
  const { store } = ctx;
  let sorted = [];
  let haystacks = [];
  let query = "";
  const list = mountTrackList(ctx, { id: "library-list", label: "Library tracks", emptyText: "The library is empty.", virtual: true, selectable: true, own: true });
  container.append(list.el);

  function index() {
    sorted = [...store.get("library")].sort(sortKey);
    haystacks = sorted.map((t) => `${t.title || ""}\n${t.artist || ""}\n${t.album || ""}\n${t.filename || ""}`.toLowerCase());
    filter();
  }

  function filter() {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    let results = sorted;
    if (terms.length) {
      results = [];
      for (let i = 0; i < sorted.length; i++) {
        if (terms.every((term) => haystacks[i].includes(term))) results.push(sorted[i]);
      }
    }
    const total = sorted.length;
    setCount(terms.length ? `${formatCount(results.length)} of ${formatCount(total)}` : `${formatCount(total)} tracks`);
    list.setEmptyText(total ? "No track matches." : "The library is empty. Upload some music.");
    list.setTracks(results);
  }

  const stops = [store.on("library", index), store.on("playlists", () => list.refresh()), store.on("trackAnnotations", () => list.refresh())];
  index();
  return {
    /** The search box filters this list (instead of searching the catalog). */
    filter(text) {
      query = text;
      filter();
    },
    filterDelay: () => (sorted.length > 3000 ? 60 : 0),
    dispose: () => stops.forEach((stop) => stop()),
  };
}
