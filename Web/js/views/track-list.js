// A list of tracks (rows from track-row.js): plain for a bounded list (an album, search results),
// virtual for the whole library; optionally with multi-select — a checkbox per row (Shift+click
// picks a range) and a bar that plays, queues or adds the picked tracks — and the same batch
// buttons for any set of tracks (an album's "Play in this room", "Add to queue"…).
import { h } from "../dom.js";
import { plural, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { Selection } from "../selection.js";
import { showOwn } from "../track-annotations.js";
import { VirtualList } from "../virtual-list.js";
import { addToPlaylistDialog } from "./playlists.js";
import { trackRating } from "./rating.js";
import { bindTrackActions, canAddToPlaylist, canPlayInRoom, trackActions, trackCells } from "./track-row.js";

export const TRACK_ROW_HEIGHT = 56;

/** Buttons acting on tracks() (called at click time): Play in this room, Add to queue, Play next,
 *  Add to playlist — those this user may use. `idPrefix` names them (`<prefix>-play`, …). */
export function batchButtons(ctx, tracks, { idPrefix, small = true } = {}) {
  const { store, controls } = ctx;
  const playable = () => tracks().filter((t) => t.available !== false);
  const ids = () => playable().map((t) => t.id);
  const button = (suffix, iconName, label, onclick, primary = false) => h("button", {
    class: ["btn", small && "small", primary && "primary"], type: "button", id: idPrefix ? `${idPrefix}-${suffix}` : undefined, onclick,
  }, icon(iconName, { size: 16 }), h("span", { text: label }));
  const buttons = [];
  if (canPlayInRoom(store)) buttons.push(button("play", "play", "Play in this room", () => controls.playInRoom(ids()), true));
  buttons.push(button("here", "headphones", "Play here", () => { const list = playable(); if (list.length) controls.playLocal(list[0], list); }));
  if (store.can("queue")) {
    buttons.push(
      button("add", "plus", "Add to queue", () => controls.addToQueue(ids())),
      button("next", "playNext", "Play next", () => controls.addToQueue(ids(), { next: true })));
  }
  if (canAddToPlaylist(store)) buttons.push(button("playlist", "playlist", "Add to playlist", () => { const list = ids(); if (list.length) addToPlaylistDialog(ctx, list); }));
  return buttons;
}

/**
 * number(track, index) → the text before the cover (a track number), or nothing. `rated`: the
 * tracks come from a catalog answer, which carries this person's ratings, so the rows show stars
 * (the library's and the queue's tracks do not carry them). `own`: the tracks carry no
 * annotations (the library's), so the rows show this person's (`showOwn`), stars included.
 * `subtitle(track)`: the row's second line, if not "artist · album".
 * Returns { el, list (the VirtualList when virtual), setTracks(tracks), refresh() }.
 */
export function mountTrackList(ctx, { id, label, emptyText = "No tracks.", virtual = false, selectable = false, number = null, rated = false, own = false, subtitle }) {
  let tracks = [];
  const selection = selectable ? new Selection() : null;

  function renderRow(track, index) {
    if (own) showOwn(ctx.store, track);
    const picked = !!selection?.has(index);
    const row = h("div", { class: ["track-row", track.available === false && "unavailable", picked && "picked"], dataset: { id: track.id, i: index }, attrs: { role: "listitem" } });
    if (selection) {
      row.append(h("input", { type: "checkbox", class: "tr-check", checked: picked, dataset: { i: index }, attrs: { "aria-label": `Select ${track.title || track.filename}` } }));
    }
    if (number) row.append(h("span", { class: "q-num", text: number(track, index) ?? "" }));
    const [cover, main, time] = trackCells(track, subtitle ? { subtitle } : {});
    const stars = rated || own ? trackRating(ctx, track, trackTitle(track)) : null;
    row.append(...[cover, main, stars, time, trackActions(ctx, track)].filter(Boolean));
    return row;
  }

  const list = virtual ? new VirtualList({ rowHeight: TRACK_ROW_HEIGHT, renderRow, className: "track-list", label, emptyText }) : null;
  const body = list ? list.el : h("div", { class: "track-list plain", attrs: { role: "list", "aria-label": label } });
  if (id) body.id = id;
  const empty = list ? null : h("p", { class: "vlist-empty", text: emptyText, hidden: true });

  const count = h("span", { class: "sel-count" });
  const bar = selection ? h("div", { class: "selection-bar", hidden: true, attrs: { role: "toolbar", "aria-label": "Selected tracks" } },
    count, batchButtons(ctx, () => selection.indices().map((i) => tracks[i]).filter(Boolean), { idPrefix: id ? `${id}-sel` : undefined }),
    h("button", { class: "btn small ghost", type: "button", text: "Clear", onclick: () => selection.clear() })) : null;

  bindTrackActions(ctx, body, { rowSelector: ".track-row", trackAt: (i) => tracks[i] });
  if (selection) {
    body.addEventListener("click", (event) => {
      const box = event.target.closest("input.tr-check");
      if (!box) return;
      selection.toggle(Number(box.dataset.i), { range: event.shiftKey });
    });
    selection.addEventListener("change", () => {
      bar.hidden = selection.size === 0;
      count.textContent = `${plural(selection.size, "track")} selected`;
      // In place, so the focused checkbox stays focused.
      for (const row of body.querySelectorAll(".track-row")) {
        const picked = selection.has(Number(row.dataset.i));
        row.classList.toggle("picked", picked);
        const box = row.querySelector("input.tr-check");
        if (box) box.checked = picked;
      }
    });
  }

  function refresh() {
    if (list) return list.refresh();
    body.replaceChildren(...tracks.map(renderRow));
  }

  return {
    el: h("div", { class: ["track-list-wrap", virtual && "virtual"] }, bar, body, empty),
    list,
    setTracks(next, { keepScroll = false } = {}) {
      tracks = next;
      selection?.clear();
      if (list) list.setItems(tracks, { keepScroll });
      else {
        empty.hidden = tracks.length > 0;
        body.hidden = tracks.length === 0; // a list with no items is no list (its text says so)
        refresh();
      }
    },
    setEmptyText(text) {
      if (list) list.setEmptyText(text);
      else empty.textContent = text;
    },
    refresh,
  };
}
