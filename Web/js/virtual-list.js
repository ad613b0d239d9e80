// A list that renders only the rows on screen (plus a few), so 10,000 tracks scroll smoothly.
// Rows have one fixed height; the scroller holds a spacer as tall as the whole list.
import { h } from "./dom.js";

export class VirtualList {
  /**
   * renderRow(item, index) → element (a fresh one; the list positions it).
   * emptyText: shown when there are no items.
   */
  constructor({ rowHeight, renderRow, className = "", emptyText = "Nothing here", overscan = 6, label }) {
    this.rowHeight = rowHeight;
    this.renderRow = renderRow;
    this.overscan = overscan;
    this.items = [];
    this.first = -1;
    this.last = -1;
    this.spacer = h("div", { class: "vlist-spacer" });
    this.empty = h("div", { class: "vlist-empty", text: emptyText, hidden: true });
    this.el = h("div", { class: ["vlist", className], attrs: { role: "list", "aria-label": label } }, this.spacer, this.empty);
    this.frame = 0;
    this.el.addEventListener("scroll", () => this.schedule(), { passive: true });
    this.resizeObserver = new ResizeObserver(() => this.schedule(true));
    this.resizeObserver.observe(this.el);
  }

  setItems(items, { keepScroll = true } = {}) {
    this.items = items;
    this.spacer.style.height = `${items.length * this.rowHeight}px`;
    this.empty.hidden = items.length > 0;
    if (!keepScroll) this.el.scrollTop = 0;
    this.render(true);
  }

  /** Rows of another height (a grid whose columns changed width). */
  setRowHeight(rowHeight) {
    if (rowHeight === this.rowHeight) return;
    this.rowHeight = rowHeight;
    this.spacer.style.height = `${this.items.length * rowHeight}px`;
    this.render(true);
  }

  setEmptyText(text) {
    this.empty.textContent = text;
  }

  schedule(force = false) {
    if (force) this.forceNext = true;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render(this.forceNext);
      this.forceNext = false;
    });
  }

  /** Re-renders the visible rows (after the items' content changed). */
  refresh() {
    this.render(true);
  }

  render(force = false) {
    const height = this.el.clientHeight || 600;
    const top = this.el.scrollTop;
    const first = Math.max(0, Math.floor(top / this.rowHeight) - this.overscan);
    const last = Math.min(this.items.length, Math.ceil((top + height) / this.rowHeight) + this.overscan);
    if (!force && first === this.first && last === this.last) return;
    this.first = first;
    this.last = last;
    const rows = [];
    for (let i = first; i < last; i++) {
      const row = this.renderRow(this.items[i], i);
      row.classList.add("vlist-row");
      row.style.transform = `translateY(${i * this.rowHeight}px)`;
      row.style.height = `${this.rowHeight}px`;
      row.dataset.index = String(i);
      if (!row.hasAttribute("role")) row.setAttribute("role", "listitem");
      rows.push(row);
    }
    this.spacer.replaceChildren(...rows);
  }

  scrollToIndex(index, { align = "nearest" } = {}) {
    const top = index * this.rowHeight;
    const height = this.el.clientHeight;
    if (align === "center") this.el.scrollTop = Math.max(0, top - height / 2 + this.rowHeight / 2);
    else if (top < this.el.scrollTop) this.el.scrollTop = top;
    else if (top + this.rowHeight > this.el.scrollTop + height) this.el.scrollTop = top + this.rowHeight - height;
    this.render(true);
  }

  /** The list index under a client Y coordinate (for drag and drop); may equal items.length. */
  indexAt(clientY) {
    const rect = this.el.getBoundingClientRect();
    const y = clientY - rect.top + this.el.scrollTop;
    return Math.max(0, Math.min(this.items.length, Math.round(y / this.rowHeight)));
  }
}
