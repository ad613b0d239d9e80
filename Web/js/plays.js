// Plays heard on this device alone (the local preview, not a room): the server's rule, as
// Last.fm scrobbles — once half the track or four minutes has been heard, whichever is less,
// never for tracks under 30 s — reported once per play with POST /api/plays. Heard time is time
// the <audio> element played, so seeking forward hears nothing and seeking back or pausing never
// counts a play twice. Rooms count their listeners' plays on the server.

export const SHORTEST_COUNTED = 30;
export const LONGEST_NEEDED = 240;

/** Seconds to hear of a track of `duration` seconds before it counts; null: it never does. */
export function playThreshold(duration) {
  if (!Number.isFinite(duration) || duration < SHORTEST_COUNTED) return null;
  return Math.min(duration / 2, LONGEST_NEEDED);
}

export class LocalPlays {
  /** `report(trackId)` is called once per play that reached the rule. */
  constructor(audio, report, now = () => performance.now() / 1000) {
    this.audio = audio;
    this.report = report;
    this.now = now;
    this.trackId = null;
    this.stop();
    // timeupdate comes a few times a second while playing: add the time since the last one
    // (at most 1 s, so a stalled or sleeping page adds nothing it did not play).
    audio.addEventListener("timeupdate", () => this.tick());
    for (const name of ["pause", "playing", "seeking"]) audio.addEventListener(name, () => { this.last = null; });
  }

  /** A new play of `trackId` begins (its length in seconds). */
  start(trackId, duration) {
    this.trackId = trackId;
    this.threshold = playThreshold(duration);
    this.heard = 0;
    this.reported = false;
    this.last = null;
  }

  stop() {
    this.trackId = null;
    this.threshold = null;
    this.heard = 0;
    this.reported = true;
    this.last = null;
  }

  tick() {
    if (!this.trackId || this.reported || this.threshold === null || this.audio.paused) return;
    const now = this.now();
    if (this.last !== null) this.heard += Math.min(1, Math.max(0, now - this.last));
    this.last = now;
    if (this.heard >= this.threshold) {
      this.reported = true;
      this.report(this.trackId);
    }
  }
}
