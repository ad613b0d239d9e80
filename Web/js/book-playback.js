// An audiobook on this device: its files one after another on the one <audio> element, as one
// timeline (seconds from the book's start), and where the listener got to saved to the server —
// every 15 s while playing, on pause, on a jump, when stopped and when the page goes away — with
// the time the position was read, so a late save from another tab or phone cannot move them back.
import { api, bookFileUrl } from "./api.js";

const SAVE_EVERY = 15_000;

/** The file holding timeline position `at` and the offset into it. */
export function locate(book, at) {
  const files = book.files || [];
  for (let i = files.length - 1; i >= 0; i--) {
    if (at >= files[i].start) return { index: i, offset: Math.min(at - files[i].start, files[i].duration) };
  }
  return { index: 0, offset: 0 };
}

/** The chapter playing at `at`, or null. */
export function chapterAt(book, at) {
  return (book.chapters || []).find((c) => at >= c.start && at < c.end) || null;
}

export class BookPlayback {
  /** `onFile(book, index)` is told each time a file starts loading; `onEnd()` after the last. */
  constructor(player, { onFile, onEnd, canSave }) {
    this.player = player;
    this.onFile = onFile;
    this.onEnd = onEnd;
    this.canSave = canSave;
    this.book = null;
    this.index = 0;
    this.timer = 0;
    this.switching = false;
    const audio = player.audio;
    audio.addEventListener("ended", () => this.book && this.next());
    audio.addEventListener("pause", () => this.book && !audio.ended && this.save());
    audio.addEventListener("seeked", () => this.book && this.save());
    window.addEventListener("pagehide", () => this.book && this.save({ keepalive: true }));
    document.addEventListener("visibilitychange", () => document.hidden && this.book && this.save({ keepalive: true }));
  }

  get active() { return !!this.book; }

  /** Where on the book's timeline playback is now. */
  get position() {
    if (!this.book) return 0;
    return this.book.files[this.index].start + (this.player.audio.currentTime || 0);
  }

  async start(book, at) {
    this.stop({ save: false });
    this.book = book;
    await this.open(locate(book, at));
    clearInterval(this.timer);
    this.timer = setInterval(() => !this.player.audio.paused && this.save(), SAVE_EVERY);
  }

  /** Jumps to `at` on the timeline (a chapter's start). */
  async jump(at) {
    if (!this.book) return;
    const place = locate(this.book, at);
    if (place.index === this.index) return this.player.seek(place.offset);
    await this.open(place);
  }

  async open({ index, offset }) {
    // While the element changes files its position belongs to neither: nothing is saved.
    this.switching = true;
    this.index = index;
    this.onFile(this.book, index);
    this.player.loadUrl(bookFileUrl(this.book.id, index));
    const audio = this.player.audio;
    if (offset > 0) {
      await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
      this.player.seek(offset);
    }
    this.switching = false;
    await this.player.play();
  }

  async next() {
    if (this.index + 1 < this.book.files.length) return this.open({ index: this.index + 1, offset: 0 });
    await this.save({ finished: true });
    const done = this.book;
    this.stop({ save: false });
    this.onEnd(done);
  }

  stop({ save = true } = {}) {
    clearInterval(this.timer);
    if (this.book && save) this.save();
    this.book = null;
  }

  save({ keepalive = false, finished = false } = {}) {
    if (!this.book || this.switching || !this.canSave()) return Promise.resolve();
    // Finished only when played to the end: this player knows, so the server's "under 10 s
    // left" guess (for clients that never say) is not wanted.
    const report = { position: Math.min(this.position, this.book.duration), duration: this.book.duration, at: Date.now(), finished: !!finished };
    return api.reportBookProgress(this.book.id, report, { keepalive }).catch(() => { /* the next save tries again */ });
  }
}
