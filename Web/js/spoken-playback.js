// Spoken word on this device — an audiobook or a podcast episode: its files one after another on
// the one <audio> element, as one timeline (seconds from the item's start), and where the
// listener got to saved to the server — every 15 s while playing, on pause, on a jump, when
// stopped and when the page goes away — with the time the position was read, so a late save from
// another tab or phone cannot move them back.
//
// An item is { kind: "books"|"episodes", id, show (the book, or the podcast's feed: what a rate
// is kept for, on the server: spoken-rates.js), title, artist, album, coverId?, duration?,
// files: [{ url, start, duration? }], chapters: [{ title, start, end }], report: { feed?, guid? } }.
// A sleep timer pauses after some minutes or at the end of the playing chapter.
import { api, bookFileUrl } from "./api.js";
import { aboutTrack } from "./native.js";
import { SpokenRates } from "./spoken-rates.js";

const SAVE_EVERY = 15_000;
/** The rates offered (pitch kept: the player sets `preservesPitch`). */
export const RATES = [0.5, 0.75, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3];

/** An audiobook as an item: its files on one timeline, its chapters. */
export function bookItem(book) {
  return {
    kind: "books", id: book.id, show: book.id, title: book.title, artist: book.author || "", album: "Audiobook", coverId: book.coverId,
    duration: book.duration, chapters: book.chapters || [], report: {},
    files: book.files.map((file, index) => ({ url: bookFileUrl(book.id, index), start: file.start, duration: file.duration })),
  };
}

/** A podcast episode as an item: one file, kept (as gPodder clients keep it) by its enclosure
 *  URL, with the feed and guid. */
export function episodeItem(podcast, episode) {
  return {
    kind: "episodes", id: episode.url, show: podcast.url, title: episode.title || "Episode", artist: podcast.author || podcast.title || "",
    album: podcast.title || "Podcast", duration: episode.duration, chapters: [], report: { feed: podcast.url, guid: episode.guid },
    // The server's copy when it has one (same origin, with Range); else the publisher's.
    files: [{ url: episode.streamUrl || episode.url, start: 0, duration: episode.duration }],
  };
}

/** How the item shows where a track would: the chapter's title when it has chapters (on the
 *  lock screen and in the tab too), the item's title under it, and which part plays. */
export function playingTrack(item, index, chapter) {
  const parts = item.files.length;
  const part = parts > 1 ? `part ${index + 1} of ${parts}` : "";
  const titled = chapter && item.chapters.length > 1;
  return {
    id: `${item.kind}/${item.id}/${index}`, kind: item.kind, title: titled ? chapter.title : item.title,
    artist: [item.artist, part].filter(Boolean).join(" · "), album: titled ? item.title : item.album, coverId: item.coverId,
    duration: item.files[index].duration,
  };
}

/** The file holding timeline position `at` and the offset into it. */
export function locate(item, at) {
  const files = item.files || [];
  for (let i = files.length - 1; i >= 0; i--) {
    if (at >= files[i].start) return { index: i, offset: Math.max(0, Math.min(at - files[i].start, files[i].duration ?? Infinity)) };
  }
  return { index: 0, offset: 0 };
}

/** The chapter playing at `at`, or null. */
export function chapterAt(item, at) {
  return (item.chapters || []).find((c) => at >= c.start && at < c.end) || null;
}

export class SpokenPlayback {
  /** `onPlaying(item, index, chapter)` is told when a file starts loading and when the chapter
   *  changes; `onEnd(item)` after the last file. */
  constructor(player, { onPlaying, onEnd, canSave }) {
    this.player = player;
    this.onPlaying = onPlaying;
    this.onEnd = onEnd;
    this.canSave = canSave;
    this.rates = new SpokenRates(canSave);
    this.item = null;
    this.index = 0;
    this.chapter = null;
    this.timer = 0;
    this.switching = false;
    this.sleep = null; // { at: ms } or { chapterEnd: true }
    this.sleepTimer = 0;
    const audio = player.audio;
    audio.addEventListener("ended", () => this.item && this.next());
    audio.addEventListener("pause", () => this.item && !audio.ended && this.save());
    audio.addEventListener("seeked", () => this.item && this.save());
    audio.addEventListener("timeupdate", () => this.item && !this.switching && this.followChapter());
    window.addEventListener("pagehide", () => this.item && this.save({ keepalive: true }));
    document.addEventListener("visibilitychange", () => document.hidden && this.item && this.save({ keepalive: true }));
  }

  get active() { return !!this.item; }

  /** Where on the item's timeline playback is now. */
  get position() {
    if (!this.item) return 0;
    return this.item.files[this.index].start + (this.player.audio.currentTime || 0);
  }

  /** The item's length: as its server or feed said, else as the element found it. */
  get duration() {
    if (!this.item) return 0;
    if (this.item.duration > 0) return this.item.duration;
    const file = this.item.files[this.index];
    return file.start + (Number.isFinite(this.player.audio.duration) ? this.player.audio.duration : 0);
  }

  async start(item, at) {
    await this.rates.refresh(); // another device may have changed the item's rate
    this.stop({ save: false });
    this.item = item;
    await this.open(locate(item, at));
    clearInterval(this.timer);
    this.timer = setInterval(() => !this.player.audio.paused && this.save(), SAVE_EVERY);
  }

  /** Jumps to `at` on the timeline (a chapter's start). */
  async jump(at) {
    if (!this.item) return;
    const place = locate(this.item, at);
    if (place.index === this.index) return this.player.seek(place.offset);
    await this.open(place);
  }

  /** The next chapter (`step` 1), or back (-1): to this chapter's start, or the one before
   *  when this one has only just begun — as a track list's previous does. */
  stepChapter(step) {
    const chapters = this.item?.chapters || [];
    const at = this.position;
    if (step > 0) {
      const next = chapters.find((c) => c.start > at + 0.5);
      return next ? this.jump(next.start) : undefined;
    }
    const current = chapters.findLastIndex((c) => c.start <= at);
    const target = current > 0 && at - chapters[current].start < 3 ? chapters[current - 1] : chapters[current];
    return this.jump(target ? target.start : 0);
  }

  async open({ index, offset }, { play = true } = {}) {
    // While the element changes files its position belongs to neither: nothing is saved.
    this.switching = true;
    this.index = index;
    this.chapter = chapterAt(this.item, this.item.files[index].start + offset);
    this.onPlaying(this.item, index, this.chapter);
    if (!(await this.player.loadUrl(this.item.files[index].url, this.about(index, offset)))) return;
    this.player.setRate(this.rate); // after the load, which sets the element's rate back
    const audio = this.player.audio;
    if (offset > 0) {
      await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
      this.player.seek(offset);
    }
    this.switching = false;
    if (play) await this.player.play();
    this.preloadNext();
  }

  /** A phone's player goes on to the next file by itself, without a gap and with the phone
   *  locked — unless a timer is to stop at this file's end. */
  preloadNext() {
    const audio = this.player.audio;
    if (!audio.preloadNext || !this.item) return;
    const index = this.index + 1;
    const next = index < this.item.files.length && !this.sleep?.chapterEnd ? { ...this.about(index, 0), url: this.item.files[index].url } : null;
    audio.preloadNext(next);
  }

  /** For a native player: the lock screen's lines, and where the phone writes the position
   *  itself (its own player's, not this page's idea of it). */
  about(index, offset) {
    const item = this.item;
    const file = item.files[index];
    // The item's own length only: before this file loads, the element still knows the last one's.
    const progress = this.canSave()
      ? { kind: item.kind, id: item.id, start: file.start, duration: item.duration > 0 ? item.duration : null, ...item.report }
      : null;
    return {
      ...aboutTrack(playingTrack(item, index, this.chapter)), position: offset,
      kind: item.kind === "books" ? "book" : "episode", progress,
    };
  }

  /** Tells what plays when playback crosses into another chapter (and sleeps there, if asked). */
  followChapter() {
    // At a file's very end the next chapter is the next file's: next() takes it from there.
    if (this.player.audio.ended) return;
    const chapter = chapterAt(this.item, this.position);
    if (chapter === this.chapter) return;
    this.chapter = chapter;
    if (this.sleep?.chapterEnd) this.sleepNow();
    this.onPlaying(this.item, this.index, chapter);
  }

  /** The rate for the playing item's book or show, as last chosen for it on any device. */
  get rate() {
    return this.item ? this.rates.rateFor(this.item.kind, this.item.show) : 1;
  }

  setRate(rate) {
    if (!this.item || !RATES.includes(rate)) return;
    this.rates.set(this.item.kind, this.item.show, rate);
    this.player.setRate(rate);
  }

  /** `minutes` > 0 pauses after that long, "chapter" at the end of this chapter (or file, for an
   *  item without chapters), null turns the timer off. */
  sleepAfter(choice) {
    const stoppingAtFileEnd = !!this.sleep?.chapterEnd;
    clearTimeout(this.sleepTimer);
    this.sleep = null;
    if (choice === "chapter") this.sleep = { chapterEnd: true };
    else if (choice > 0) {
      this.sleep = { at: Date.now() + choice * 60_000 };
      this.sleepTimer = setTimeout(() => this.sleepNow(), choice * 60_000);
    }
    // Whether a phone's player may go on by itself to the next file changed.
    if (stoppingAtFileEnd !== !!this.sleep?.chapterEnd) this.preloadNext();
  }

  sleepNow() {
    this.sleepAfter(null);
    this.player.pause();
  }

  async next() {
    if (this.index + 1 < this.item.files.length) {
      // A file's end is a chapter's end too: a timer set for it leaves the next file ready, paused.
      const sleeping = !!this.sleep?.chapterEnd;
      if (sleeping) this.sleepAfter(null);
      return this.open({ index: this.index + 1, offset: 0 }, { play: !sleeping });
    }
    await this.save({ finished: true });
    const done = this.item;
    this.stop({ save: false });
    this.onEnd(done);
  }

  stop({ save = true } = {}) {
    clearInterval(this.timer);
    this.sleepAfter(null);
    if (this.item && save) this.save();
    this.item = null;
    this.chapter = null;
  }

  save({ keepalive = false, finished = false } = {}) {
    if (!this.item || this.switching || !this.canSave()) return Promise.resolve();
    if (this.player.native) {
      this.player.audio.save({ finished });
      return Promise.resolve();
    }
    const duration = this.duration;
    // Finished only when played to the end: this player knows, so the server's "under 10 s
    // left" guess (for clients that never say) is not wanted.
    const report = { ...this.item.report, position: duration > 0 ? Math.min(this.position, duration) : this.position, at: Date.now(), finished: !!finished };
    if (duration > 0) report.duration = duration;
    return api.reportProgress(this.item.kind, this.item.id, report, { keepalive }).catch(() => { /* the next save tries again */ });
  }
}
