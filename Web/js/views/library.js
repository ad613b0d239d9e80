// The library: search as you type over title/artist/album/file name, a virtual list (only rows on
// screen exist), play a track here (not synced), add to the queue or play next, add to a
// playlist, and uploads.
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatCount, formatTime, trackSubtitle, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { VirtualList } from "../virtual-list.js";
import { addToPlaylistDialog } from "./playlists.js";
import { toast, toastError } from "./toasts.js";
import { mountUploads } from "./upload.js";

const ROW_HEIGHT = 56;
const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

function sortKey(a, b) {
  return collator.compare(a.artist || "\uffff", b.artist || "\uffff")
    || collator.compare(a.album || "\uffff", b.album || "\uffff")
    || collator.compare(a.filename || "", b.filename || "")
    || collator.compare(trackTitle(a), trackTitle(b));
}

export function mountLibrary(ctx, pane) {
  const { store, controls } = ctx;
  const canQueue = store.can("queue");
  let sorted = [];
  let haystacks = [];
  let results = [];

  const search = h("input", { type: "search", class: "search-input", id: "library-search", placeholder: "Search title, artist, album, file…", autocomplete: "off", spellcheck: false, attrs: { "aria-label": "Search the library" } });
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

  const list = new VirtualList({ rowHeight: ROW_HEIGHT, renderRow, className: "track-list", label: "Library tracks", emptyText: "The library is empty." });
  list.el.id = "library-list";
  const uploads = mountUploads(ctx, pane);

  pane.append(
    h("div", { class: "pane-head" },
      h("h2", { class: "pane-title", text: "Library" }), count, scanStatus,
      h("div", { class: "pane-actions" }, rescan, uploads.button)),
    h("label", { class: "search" }, icon("search", { size: 18 }), search),
    uploads.panel,
    list.el);

  function renderRow(track, index) {
    const available = track.available !== false;
    const actions = [
      h("button", { class: "icon-btn small", type: "button", dataset: { act: "local" }, title: "Play here (not synced)", attrs: { "aria-label": `Play ${trackTitle(track)} here, not synced` } }, icon("headphones", { size: 16 })),
    ];
    if (canQueue) {
      actions.push(
        h("button", { class: "icon-btn small", type: "button", dataset: { act: "next" }, title: "Play next", attrs: { "aria-label": "Play next" } }, icon("playNext", { size: 16 })),
        h("button", { class: "icon-btn small", type: "button", dataset: { act: "add" }, title: "Add to queue", attrs: { "aria-label": "Add to queue" } }, icon("plus", { size: 16 })));
    }
    const playlists = store.get("playlists");
    if (store.can("create") && playlists && !playlists.unavailable) {
      actions.push(h("button", { class: "icon-btn small", type: "button", dataset: { act: "playlist" }, title: "Add to a playlist", attrs: { "aria-label": "Add to a playlist" } }, icon("playlist", { size: 16 })));
    }
    return h("div", { class: ["track-row", !available && "unavailable"], dataset: { id: track.id, i: index } },
      h("div", { class: "tr-main" },
        h("span", { class: "tr-title", text: trackTitle(track) }),
        h("span", { class: "tr-sub", text: trackSubtitle(track) || track.filename })),
      h("span", { class: "tr-time", text: formatTime(track.duration) }),
      h("div", { class: "tr-actions" }, actions));
  }

  list.el.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    const row = event.target.closest(".track-row");
    if (!row) return;
    const track = results[Number(row.dataset.i)];
    if (!track) return;
    const act = button?.dataset.act;
    if (act === "local") controls.playLocal(track);
    else if (act === "add") controls.addToQueue([track.id]);
    else if (act === "next") controls.addToQueue([track.id], { next: true });
    else if (act === "playlist") addToPlaylistDialog(ctx, [track.id]);
  });
  list.el.addEventListener("dblclick", (event) => {
    const row = event.target.closest(".track-row");
    if (!row || event.target.closest("button")) return;
    const track = results[Number(row.dataset.i)];
    if (track) controls.playLocal(track);
  });

  function index() {
    sorted = [...store.get("library")].sort(sortKey);
    haystacks = sorted.map((t) => `${t.title || ""}\n${t.artist || ""}\n${t.album || ""}\n${t.filename || ""}`.toLowerCase());
    filter();
  }

  function filter() {
    const terms = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    if (!terms.length) results = sorted;
    else {
      results = [];
      for (let i = 0; i < sorted.length; i++) {
        const hay = haystacks[i];
        if (terms.every((term) => hay.includes(term))) results.push(sorted[i]);
      }
    }
    const total = sorted.length;
    count.textContent = terms.length ? `${formatCount(results.length)} of ${formatCount(total)}` : `${formatCount(total)} tracks`;
    list.setEmptyText(total ? "No track matches." : "The library is empty. Upload some music.");
    list.setItems(results, { keepScroll: false });
  }

  let debounce = 0;
  search.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(filter, sorted.length > 3000 ? 60 : 0);
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { search.value = ""; filter(); }
  });

  ctx.track(store.on("library", index));
  ctx.track(store.on("playlists", () => list.refresh()));
  ctx.track(store.on("scan", (scan) => {
    scanStatus.hidden = !scan?.scanning;
    if (scan?.scanning) scanStatus.textContent = `Scanning ${formatCount(scan.processed)}${scan.total ? ` / ${formatCount(scan.total)}` : ""}…`;
  }));
  index();
}
