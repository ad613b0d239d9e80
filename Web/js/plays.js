// Plays heard on this device alone (the local preview, not a room): the server's rule, as
// Last.fm scrobbles — once half the track or four minutes has been heard, whichever is less,
// never for tracks under 30 s — reported once per play with POST /api/plays. Heard time is how
// far the <audio> element's position moved while playing (stalls add nothing), so seeking
// forward hears nothing, and seeking back or pausing never counts a play twice; played to the
// end and started again, it is a new play. Rooms count their listeners' plays on the server.

export const SHORTEST_COUNTED = 30;
export const LONGEST_NEEDED = 240;

/** Seconds to hear of a track of `duration` seconds before it counts; null: it never does. */
export function playThreshold(duration) {
  if (!Number.isFinite(duration) || duration < SHORTEST_COUNTED) return null;
  return Math.min(duration / 2, LONGEST_NEEDED);
}

export class LocalPlays {
  /** `report(trackId)` is called once per play that reached the rule; `position()` is where
   *  playback is, in seconds. */
  constructor(audio, report, position = () => audio.currentTime) {
    this.audio = audio;
    this.report = report;
    this.position = position;
    this.trackId = null;
    this.stop();
    // timeupdate comes a few times a second while playing: add how far the position moved since
    // the last one (a seek resets it; a jump of more than 5 s is not listening either).
    audio.addEventListener("timeupdate", () => this.tick());
    for (const name of ["pause", "seeking"]) audio.addEventListener(name, () => { this.last = null; });
    for (const name of ["playing", "seeked"]) audio.addEventListener(name, () => { this.last = audio.paused ? null : this.position(); });
    // Played to the end: playing it again is another play.
    audio.addEventListener("ended", () => { if (this.trackId) this.start(this.trackId, this.duration); });
  }

  /** A new play of `trackId` begins (its length in seconds). */
  start(trackId, duration) {
    this.trackId = trackId;
    this.duration = duration;
    this.threshold = playThreshold(duration);
    this.heard = 0;
    this.reported = false;
    this.last = null;
  }

  stop() {
    this.trackId = null;
    this.duration = null;
    this.threshold = null;
    this.heard = 0;
    this.reported = true;
    this.last = null;
  }

  tick() {
    if (!this.trackId || this.reported || this.audio.paused) return;
    // A track the library gave no length: the audio element's, once it knows it.
    if (this.threshold === null && !Number.isFinite(this.duration) && Number.isFinite(this.audio.duration)) {
      this.duration = this.audio.duration;
      this.threshold = playThreshold(this.duration);
    }
    if (this.threshold === null) return;
    const now = this.position();
    if (this.last !== null && now > this.last && now - this.last <= 5) this.heard += now - this.last;
    this.last = now;
    if (this.heard >= this.threshold) {
      this.reported = true;
      this.report(this.trackId);
    }
  }
}
