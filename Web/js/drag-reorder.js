// Drag to reorder rows of a VirtualList by a grip, with pointer events (mouse, pen and touch),
// auto-scrolling near the edges; focus a grip and press ↑/↓ for the same without a pointer.
// onMove(from, to): `to` is the entry's index in the list after the move (what the API's
// `{ move: [from], to }` means).
import { h } from "./dom.js";

export function enableDragReorder(list, { rowSelector, label, onMove }) {
  const rowHeight = list.rowHeight;
  const indicator = h("div", { class: "drop-indicator", hidden: true });
  list.el.append(indicator);
  let drag = null;

  list.el.addEventListener("pointerdown", (event) => {
    const grip = event.target.closest(".grip");
    if (!grip || event.button !== 0) return;
    event.preventDefault();
    const row = grip.closest(rowSelector);
    const from = Number(row.dataset.i);
    const ghost = h("div", { class: "drag-ghost", text: label(from) });
    document.body.append(ghost);
    drag = { from, drop: from, ghost, pointerId: event.pointerId, scrollTimer: 0, x: event.clientX, y: event.clientY };
    list.el.setPointerCapture(event.pointerId);
    list.el.classList.add("dragging");
    row.classList.add("drag-source");
    move(event.clientX, event.clientY);
  });
  list.el.addEventListener("pointermove", (event) => {
    if (drag && event.pointerId === drag.pointerId) move(event.clientX, event.clientY);
  });
  list.el.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { from, drop } = drag;
    end();
    if (drop === from || drop === from + 1) return;
    onMove(from, drop > from ? drop - 1 : drop);
  });
  list.el.addEventListener("pointercancel", () => end());
  list.el.addEventListener("lostpointercapture", () => end());
  list.el.addEventListener("keydown", (event) => {
    const grip = event.target.closest?.(".grip");
    if (!grip || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    event.stopPropagation();
    const from = Number(grip.closest(rowSelector).dataset.i);
    const to = event.key === "ArrowUp" ? from - 1 : from + 1;
    if (to < 0 || to >= list.items.length) return;
    Promise.resolve(onMove(from, to)).then(() => {
      list.scrollToIndex(to);
      list.el.querySelector(`${rowSelector}[data-i="${to}"] .grip`)?.focus();
    });
  });
  const onEscape = (event) => { if (drag && event.key === "Escape") end(); };
  document.addEventListener("keydown", onEscape);

  function move(x, y) {
    drag.x = x;
    drag.y = y;
    drag.ghost.style.transform = `translate(${x + 12}px, ${y - 14}px)`;
    drag.drop = list.indexAt(y);
    indicator.hidden = false;
    indicator.style.transform = `translateY(${drag.drop * rowHeight - 1}px)`;
    const rect = list.el.getBoundingClientRect();
    const edge = y < rect.top + 40 ? -1 : y > rect.bottom - 40 ? 1 : 0;
    clearInterval(drag.scrollTimer);
    if (edge) {
      drag.scrollTimer = setInterval(() => {
        if (!drag) return;
        list.el.scrollTop += edge * 24;
        move(drag.x, drag.y);
      }, 50);
    }
  }

  function end() {
    if (!drag) return;
    const current = drag;
    drag = null;
    clearInterval(current.scrollTimer);
    current.ghost.remove();
    try { list.el.releasePointerCapture(current.pointerId); } catch { /* already released */ }
    indicator.hidden = true;
    list.el.classList.remove("dragging");
    list.el.querySelector(".drag-source")?.classList.remove("drag-source");
  }

  return {
    get active() { return drag !== null; },
    dispose() { document.removeEventListener("keydown", onEscape); end(); },
  };
}
