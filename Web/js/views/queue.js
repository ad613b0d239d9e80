// The room's queue: the playing entry highlighted, jump, remove, drag to reorder. Everything is
// by position (the same track may be queued twice). Guests see it read-only; people see their
// hearts and stars on its tracks.
import { h } from "../dom.js";
import { formatTime, plural, trackSubtitle, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { VirtualList } from "../virtual-list.js";
import { enableDragReorder } from "../drag-reorder.js";
import { confirmDialog } from "./dialogs.js";
import { api } from "../api.js";
import { showOwn } from "../track-annotations.js";
import { heartButton } from "./favourite.js";
import { trackRating } from "./rating.js";
import { toastError } from "./toasts.js";
import { trackCells } from "./track-row.js";

const ROW_HEIGHT = 52;

export function mountQueue(ctx, pane) {
  const { store, controls } = ctx;
  const canEdit = store.can("queue");
  const canJump = store.can("control");
  let queue = [];
  let current = -1;

  const count = h("span", { class: "muted count", id: "queue-count" });
  const locate = h("button", { class: "icon-btn small", type: "button", title: "Show the playing track", attrs: { "aria-label": "Show the playing track" }, onclick: () => current >= 0 && list.scrollToIndex(current, { align: "center" }) }, icon("music", { size: 16 }));
  const clear = h("button", { class: "btn small ghost", type: "button", id: "queue-clear", onclick: clearQueue }, icon("trash", { size: 16 }), h("span", { text: "Clear" }));
  clear.hidden = !canEdit;
  const note = h("p", { class: "pane-note", id: "queue-readonly", text: "Sign in to change the queue.", hidden: canEdit });
  const list = new VirtualList({ rowHeight: ROW_HEIGHT, renderRow, className: "queue-list", label: "Queue", emptyText: "The queue is empty. Add tracks from the library." });
  list.el.id = "queue-list";
  pane.append(h("div", { class: "pane-head" }, h("h2", { class: "pane-title", text: "Queue" }), count, h("div", { class: "pane-actions" }, locate, clear)), note, list.el);

  function renderRow(track, index) {
    const playing = index === current;
    const missing = track.available === false;
    const row = h("div", { class: ["queue-row", playing && "current", missing && "unavailable"], dataset: { id: track.id, i: index }, attrs: { "aria-current": playing ? "true" : null } });
    if (canEdit) row.append(h("button", { class: "grip", type: "button", title: "Drag to reorder (or focus and use ↑/↓)", attrs: { "aria-label": `Move ${trackTitle(track)}` }, dataset: { act: "grip" } }, icon("grip", { size: 16 })));
    // The queue's tracks carry no annotations: this person's hearts and stars come from the store.
    showOwn(store, track);
    // Who added the entry, after artist and album ("added by ana").
    const subtitle = (t) => [trackSubtitle(t), t.addedBy && `added by ${t.addedBy}`].filter(Boolean).join(" · ");
    const [cover, main, time] = trackCells(track, { subtitle });
    row.append(
      h("span", { class: "q-num" }, playing ? icon("volume", { size: 16 }) : String(index + 1)),
      ...[cover, main, trackRating(ctx, track, trackTitle(track)), time].filter(Boolean));
    const actions = h("div", { class: "tr-actions" });
    const heart = heartButton(ctx, "tracks", track, trackTitle(track));
    if (heart) actions.append(heart);
    if (canJump && !playing) actions.append(h("button", { class: "icon-btn small", type: "button", dataset: { act: "jump" }, title: "Play this now (for everyone)", attrs: { "aria-label": `Play ${trackTitle(track)} now` } }, icon("play", { size: 14 })));
    if (canEdit) actions.append(h("button", { class: "icon-btn small", type: "button", dataset: { act: "remove" }, title: "Remove from the queue", attrs: { "aria-label": `Remove ${trackTitle(track)} from the queue` } }, icon("close", { size: 14 })));
    row.append(actions);
    return row;
  }

  list.el.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    const row = event.target.closest(".queue-row");
    if (!button || !row) return;
    const index = Number(row.dataset.i);
    if (button.dataset.act === "jump") controls.jump(index);
    if (button.dataset.act === "remove") controls.removeFromQueue(index);
  });
  list.el.addEventListener("dblclick", (event) => {
    const row = event.target.closest(".queue-row");
    if (row && canJump && !event.target.closest("button")) controls.jump(Number(row.dataset.i));
  });
  const dragger = enableDragReorder(list, {
    rowSelector: ".queue-row",
    label: (i) => trackTitle(queue[i]),
    onMove: (from, to) => controls.moveInQueue(from, to),
  });
  ctx.track(() => dragger.dispose());

  async function clearQueue() {
    const ok = await confirmDialog({ title: "Clear the queue?", message: "Every track leaves the room's queue; the music stops for everyone.", confirmLabel: "Clear", danger: true });
    if (!ok) return;
    try {
      await api.editQueue(store.get("channelId"), { set: [] });
    } catch (error) {
      toastError(error, "Clear queue");
    }
  }

  let firstShow = true;
  function render() {
    queue = store.get("queue");
    const room = store.get("room");
    const previous = current;
    current = room?.track ? room.currentIndex : -1;
    const total = queue.reduce((sum, t) => sum + (t.duration || 0), 0);
    count.textContent = `${plural(queue.length, "track")} · ${formatTime(total)}`;
    if (dragger.active) return; // do not yank rows from under the pointer; the next state redraws
    list.setItems(queue);
    if (current >= 0 && (firstShow || (previous !== current && isVisible(previous)))) {
      list.scrollToIndex(current, { align: firstShow ? "center" : "nearest" });
      firstShow = false;
    }
  }

  function isVisible(index) {
    if (index < 0) return false;
    const top = index * ROW_HEIGHT;
    return top >= list.el.scrollTop - ROW_HEIGHT && top <= list.el.scrollTop + list.el.clientHeight;
  }

  ctx.track(store.on("queue", render));
  ctx.track(store.on("trackAnnotations", () => list.refresh()));
  ctx.track(store.on("room", () => {
    const room = store.get("room");
    if ((room?.track ? room.currentIndex : -1) !== current) render();
  }));
  render();
}
