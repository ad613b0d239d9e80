// Which rows of a list are picked: toggle one, Shift for the range from the last one toggled,
// all, none. Listeners hear "change".

export class Selection extends EventTarget {
  constructor() {
    super();
    this.picked = new Set();
    this.anchor = -1;
  }

  has(index) {
    return this.picked.has(index);
  }

  get size() {
    return this.picked.size;
  }

  /** The picked indices in list order. */
  indices() {
    return [...this.picked].sort((a, b) => a - b);
  }

  toggle(index, { range = false } = {}) {
    const on = !this.picked.has(index);
    if (range && this.anchor >= 0) {
      const [from, to] = index < this.anchor ? [index, this.anchor] : [this.anchor, index];
      const value = this.picked.has(this.anchor);
      for (let i = from; i <= to; i++) value ? this.picked.add(i) : this.picked.delete(i);
    } else if (on) this.picked.add(index);
    else this.picked.delete(index);
    this.anchor = index;
    this.changed();
  }

  selectAll(count) {
    this.picked = new Set(Array.from({ length: count }, (_, i) => i));
    this.changed();
  }

  clear() {
    if (!this.picked.size) return;
    this.picked.clear();
    this.anchor = -1;
    this.changed();
  }

  changed() {
    this.dispatchEvent(new Event("change"));
  }
}
