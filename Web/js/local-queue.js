// What plays here, not in a room: the tracks from the one chosen to the end of the list it was
// chosen in (an album, a playlist, the library's tracks), and how one goes into the next
// (a crossfade, or none). Pure: local-playback.js plays it.

/** The most tracks one "play here" takes from its list. */
export const LONGEST_LOCAL_QUEUE = 500;
/** The crossfades a person may choose, in seconds (0: none — each track plays to its end). */
export const CROSSFADE_CHOICES = Object.freeze([0, 2, 5, 8, 12]);

export class LocalQueue {
  constructor(tracks, index = 0) {
    this.tracks = tracks.slice(0, LONGEST_LOCAL_QUEUE);
    this.index = Math.min(Math.max(0, index), Math.max(0, this.tracks.length - 1));
  }

  get current() {
    return this.tracks[this.index] || null;
  }

  get next() {
    return this.tracks[this.index + 1] || null;
  }

  /** Moves to the next track; false at the end. */
  advance() {
    if (!this.next) return false;
    this.index += 1;
    return true;
  }

  /** Moves to the track before; false at the start. */
  back() {
    if (this.index === 0) return false;
    this.index -= 1;
    return true;
  }
}

/** Whether `next` is the track that follows `track` on its album (the next number on the disc,
 *  or the first of the next disc): an album played in order flows on, as it was made to. */
export function continuesAlbum(track, next) {
  if (!track?.albumId || track.albumId !== next?.albumId || !track.trackNumber || !next.trackNumber) return false;
  const disc = track.discNumber || 1;
  const nextDisc = next.discNumber || 1;
  return (nextDisc === disc && next.trackNumber === track.trackNumber + 1) || (nextDisc === disc + 1 && next.trackNumber === 1);
}

/** How many seconds `track` fades into `next` with `chosen` seconds set: none where the album
 *  goes on, and never more than a third of either track (a short one is not all fade). */
export function crossfadeSeconds(track, next, chosen) {
  if (!(chosen > 0) || !next || continuesAlbum(track, next)) return 0;
  const shortest = Math.min(track?.duration || 0, next.duration || 0);
  return Math.max(0, Math.min(chosen, shortest / 3));
}
