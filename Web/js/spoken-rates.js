// The playback rate each book or podcast plays at, kept per person on the server (/api/rates),
// so every browser and phone of theirs plays it so. Read again as each item starts, since another
// device may have changed it; a guest keeps none there, so their choice lasts the page.
import { api } from "./api.js";

const key = (kind, show) => `${kind}:${show}`;

export class SpokenRates {
  /** `canSave()`: whether the listener has an account to keep rates in. */
  constructor(canSave) {
    this.canSave = canSave;
    this.known = new Map();
  }

  /** The rate chosen for the book or show (1 when none was). */
  rateFor(kind, show) {
    return this.known.get(key(kind, show)) || 1;
  }

  /** Reads the listener's rates from the server; offline, those read last stay. */
  async refresh() {
    if (!this.canSave()) return;
    try {
      const answer = await api.rates();
      this.known = new Map((answer?.rates || []).map((r) => [key(r.kind, r.show), r.rate]));
    } catch { /* offline: the rates read last stay */ }
  }

  set(kind, show, rate) {
    this.known.set(key(kind, show), rate);
    if (!this.canSave()) return Promise.resolve();
    return api.setRate(kind, show, rate).catch(() => { /* kept here; the next choice tries again */ });
  }
}
