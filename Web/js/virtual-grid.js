// A grid of cards that renders only the rows on screen: a VirtualList whose items are rows of
// cards, as many columns as fit the width (at least minCardWidth each), square covers plus a
// fixed text height (a title of up to two lines — three on narrow cards, as on phones — and a line
// under it), so the row height follows the width.
import { h } from "./dom.js";
import { VirtualList } from "./virtual-list.js";

/** Cards narrower than this (px) get a third line for their title. */
const NARROW_CARD = 200;

export class VirtualGrid {
  /** renderCard(index) → element (index in 0..count-1). */
  constructor({ renderCard, label, emptyText, minCardWidth = 150, gap = 14, textHeight = 68, lineHeight = 19, className = "" }) {
    this.renderCard = renderCard;
    this.minCardWidth = minCardWidth;
    this.gap = gap;
    this.textHeight = textHeight;
    this.lineHeight = lineHeight;
    this.columns = 1;
    this.count = 0;
    this.list = new VirtualList({ rowHeight: 200, renderRow: (row) => this.renderRow(row), className: ["vgrid", className].join(" "), label, emptyText, overscan: 2 });
    this.el = this.list.el;
    this.el.setAttribute("role", "list");
    this.resizeObserver = new ResizeObserver(() => this.layout());
    this.resizeObserver.observe(this.el);
  }

  setCount(count, { keepScroll = true } = {}) {
    this.count = count;
    this.layout(true, keepScroll);
  }

  refresh() {
    this.list.refresh();
  }

  setEmptyText(text) {
    this.list.setEmptyText(text);
  }

  dispose() {
    this.resizeObserver.disconnect();
    this.list.resizeObserver.disconnect();
  }

  layout(force = false, keepScroll = true) {
    const style = getComputedStyle(this.el);
    const width = this.el.clientWidth - parseFloat(style.paddingLeft || "0") - parseFloat(style.paddingRight || "0");
    if (width <= 0 && !force) return;
    const usable = width > 0 ? width : 600;
    const columns = Math.max(2, Math.floor((usable + this.gap) / (this.minCardWidth + this.gap)));
    const card = (usable - this.gap * (columns - 1)) / columns;
    // Narrow cards fit fewer letters a line: a third line keeps long names whole.
    const lines = card < NARROW_CARD ? 3 : 2;
    const rowHeight = Math.ceil(card + this.textHeight + (lines - 2) * this.lineHeight + this.gap);
    const changed = columns !== this.columns;
    this.columns = columns;
    this.el.style.setProperty("--grid-columns", String(columns));
    this.el.style.setProperty("--title-lines", String(lines));
    this.list.setRowHeight(rowHeight);
    if (force || changed) this.list.setItems(Array.from({ length: Math.ceil(this.count / columns) }, (_, i) => i), { keepScroll });
  }

  renderRow(row) {
    const first = row * this.columns;
    const cards = [];
    for (let i = first; i < Math.min(this.count, first + this.columns); i++) cards.push(this.renderCard(i));
    return h("div", { class: "grid-row", attrs: { role: "presentation" } }, cards);
  }

  /** The first and last card indices of the rows rendered now. */
  visibleRange() {
    return [Math.max(0, this.list.first) * this.columns, Math.max(0, this.list.last) * this.columns - 1];
  }
}
