// Which decoded pieces of a track are held, asked for and let go (track-audio.js fetches them):
// pure bookkeeping over frames, with the loading given.
/** How long the pieces of one chain are, in seconds: short first (a join sounds sooner), then
 *  longer (fewer requests). */
export const PIECE_SECONDS = [2, 5, 10, 20];
/** Pieces that ended more than this long before the playing position are let go (s). */
const KEEP_BEHIND = 1;
/** A piece that fails to come is asked again this many times, waiting RETRY_MS longer each time,
 *  before the track is given up on (a network hiccup on a long book must not end it). */
const ATTEMPTS = 4;
const RETRY_MS = 500;

/** The pieces of a track, decoded or on their way, laid end to end from where the first was
 *  asked. Pure bookkeeping: `load(start, frames)` fetches and decodes one span; an error it
 *  throws with `permanent` set (the server refused, the browser cannot decode) is not retried. */
export class PieceChain {
  constructor(rate, load, { now = () => Date.now() } = {}) {
    this.rate = rate;
    this.load = load; // (start, frames, first) → Promise<AudioBuffer | null> (null: past the end)
    this.now = now;
    this.pieces = []; // { start, frames, buffer | null }, in order, contiguous
    this.count = 0; // pieces asked for since the chain began (the next one's length)
    this.endFrame = null; // the track's end, once a piece came back short or empty
    this.failures = 0; // in a row
    this.retryAt = 0;
    this.error = null;
    this.onArrive = null; // told when a piece comes back (decoded, or the end)
  }

  /** The decoded piece holding `frame`, or null (asked for, if it was not). */
  pieceAt(frame) {
    const piece = this.ask(frame);
    return piece?.buffer ? piece : null;
  }

  /** Whether the sound at `frame` is decoded. */
  has(frame) {
    return !!this.pieceAt(frame);
  }

  /** The piece holding `frame`, starting a new chain there when no piece is near it. */
  ask(frame) {
    if (this.error || (this.endFrame !== null && frame >= this.endFrame)) return null;
    const found = this.pieces.find((p) => frame >= p.start && frame < p.start + p.frames);
    if (found) return found;
    if (this.now() < this.retryAt) return null;
    const last = this.pieces.at(-1);
    const end = last ? last.start + last.frames : null;
    if (end !== null && frame >= end && frame < end + this.length(this.count)) {
      return this.append(end); // the next piece of the chain
    }
    this.pieces = []; // elsewhere in the track (a seek): a chain of its own
    this.count = 0;
    return this.append(frame);
  }

  length(index) {
    return Math.round(PIECE_SECONDS[Math.min(index, PIECE_SECONDS.length - 1)] * this.rate);
  }

  append(start) {
    if (this.endFrame !== null && start >= this.endFrame) return null;
    const piece = { start, frames: this.length(this.count), buffer: null };
    const first = this.count === 0; // a chain's first piece: a join or a seek waits for it
    this.count += 1;
    this.load(start, piece.frames, first).then(
      (buffer) => {
        this.failures = 0;
        if (!buffer || buffer.length < piece.frames) this.endFrame = start + (buffer?.length ?? 0);
        if (buffer) {
          piece.buffer = buffer;
          piece.frames = buffer.length;
        } else {
          this.drop(piece);
        }
        this.onArrive?.();
      },
      (error) => {
        this.drop(piece);
        this.failures += 1;
        if (error?.permanent || this.failures >= ATTEMPTS) this.error = error;
        else this.retryAt = this.now() + RETRY_MS * this.failures;
      },
    );
    this.pieces.push(piece);
    return piece;
  }

  /** Takes a piece out that did not come: asked again, it is the same piece of the chain. */
  drop(piece) {
    const at = this.pieces.indexOf(piece);
    if (at < 0) return;
    this.pieces.splice(at, 1);
    this.count -= 1;
  }

  /** Lets go of the pieces that ended before `frame` (less a second). */
  release(frame) {
    const before = frame - KEEP_BEHIND * this.rate;
    this.pieces = this.pieces.filter((p) => p.start + p.frames > before);
  }

  /** Seconds of sound held decoded. */
  get heldSeconds() {
    return this.pieces.reduce((sum, p) => sum + (p.buffer ? p.buffer.length : 0), 0) / this.rate;
  }
}

/** A track decoded whole: one piece. */
export class WholePieces {
  constructor(buffer) {
    this.piece = { start: 0, frames: buffer.length, buffer };
    this.endFrame = buffer.length;
    this.error = null;
  }

  pieceAt(frame) { return frame < this.endFrame ? this.piece : null; }
  has(frame) { return frame < this.endFrame; }
  release() {}
  get heldSeconds() { return this.piece.frames / this.piece.buffer.sampleRate; }
}

/** A track's sound by position in seconds, over its pieces (a chain, or the whole track) once
 *  they are known (`use`). */
export class Sound {
  constructor(trackId, rate, estimate) {
    this.trackId = trackId;
    this.rate = rate;
    this.estimate = estimate; // the track's duration (s) until its end is known to the frame
    this.pieces = null;
    this.source = null; // "cache" | "network"
    this.onChange = null; // told when the pieces are known and when one comes: the page looks again at once
  }

  use(pieces, source) {
    this.pieces = pieces;
    this.source = source;
    pieces.onArrive = () => this.onChange?.();
    this.onChange?.();
  }

  get error() {
    return this.pieces?.error ?? null;
  }

  frameOf(seconds) {
    return Math.max(0, Math.floor(seconds * this.rate + 1e-6));
  }

  /** The decoded piece holding position `seconds`, or null (asked for). */
  pieceAt(seconds) {
    return this.pieces?.pieceAt(this.frameOf(seconds)) ?? null;
  }

  /** Whether the sound at `seconds` is decoded (asking for it if not). */
  has(seconds) {
    return !!this.pieceAt(seconds);
  }

  /** Whether the track's end is known to the frame. */
  get endKnown() {
    return this.pieces?.endFrame != null;
  }

  /** The track's length (s): to the frame once known. */
  get duration() {
    return this.endKnown ? this.pieces.endFrame / this.rate : this.estimate;
  }

  release(seconds) {
    this.pieces?.release(this.frameOf(seconds));
  }

  get heldSeconds() {
    return this.pieces?.heldSeconds ?? 0;
  }
}
