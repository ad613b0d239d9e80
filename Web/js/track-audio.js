// A track's sound for the Web Audio path, decoded a piece at a time: the server decodes a span of
// frames at the context's own rate (`GET /api/tracks/:id/piece`, FLAC), and pieces asked end to
// end join frame for frame. So a join sounds as soon as its first few seconds are decoded, and a
// three-hour book holds well under a minute of decoded sound (~23 MB a minute at 48 kHz stereo).
// A track kept in the browser's cache plays from there, decoded whole, when it is short enough.
import { pieceUrl } from "./api.js";
import { cache } from "./cache.js";
import { MAX_DECODED_SECONDS } from "./output-timeline.js";
import { PieceChain, Sound, WholePieces } from "./piece-chain.js";

const KEEP_AFTER_MS = 3000;

/** One track's sound for a context, opened from the cache (decoded whole) or the server (a piece
 *  at a time); `error` when it cannot be played here (the room then plays it through the element). */
export class TrackAudio extends Sound {
  constructor(track, context) {
    super(track.id, context.sampleRate, track.duration || 0);
    this.failure = null;
    this.ready = this.open(track, context).catch((error) => { this.failure = error; });
  }

  async open(track, context) {
    const short = !(track.duration > MAX_DECODED_SECONDS);
    const kept = short && (cache.enabled || cache.downloaded.has(track.id)) ? await cache.get(track.id) : null;
    if (kept?.blob) {
      cache.touch(track.id).catch(() => {});
      this.use(new WholePieces(await context.decodeAudioData(await kept.blob.arrayBuffer())), "cache");
      return;
    }
    // Kept for next time, once the first pieces are in: the whole file would slow them.
    if (cache.enabled && short) setTimeout(() => cache.store(track.id).catch(() => {}), KEEP_AFTER_MS);
    this.use(new PieceChain(this.rate, (start, frames, first) => loadPiece(context, track.id, start, frames, first)), "network");
  }

  get error() {
    return this.failure ?? super.error;
  }
}

/** One piece from the server, decoded; null when it starts past the track's end. A refusal
 *  (4xx) or bytes the browser cannot decode are `permanent`; a lost connection or a 5xx is not.
 *  A chain's first piece is asked `fast`: decoded in the server's process, without starting ffmpeg. */
async function loadPiece(context, trackId, start, frames, fast) {
  const response = await fetch(pieceUrl(trackId, { rate: context.sampleRate, start, frames, fast }), { credentials: "include" });
  if (response.status === 416) return null;
  if (!response.ok) {
    const error = new Error(`the track could not be decoded (${response.status})`);
    error.permanent = response.status < 500 && response.status !== 408 && response.status !== 429;
    throw error;
  }
  const bytes = await response.arrayBuffer();
  try {
    return await context.decodeAudioData(bytes);
  } catch (error) {
    error.permanent = true;
    throw error;
  }
}

