// ReplayGain leveling: every track played about as loud as the others. A track's gain (dB, from
// its tags: `replayGainDb`) is applied as a factor, limited by its peak (`replayPeak`, 1.0 = full
// scale) so that leveling never pushes a sample past full scale. "album" uses the album's gain and
// peak (`albumGainDb`, `albumPeak`: an album's quiet and loud songs keep their difference), the
// track's where the album has none. On by track by default; "off" plays the files as they are. A
// track without a gain plays as it is.
export const LEVELING_MODES = Object.freeze(["track", "album", "off"]);

/** The factor to play `track` at (1: as it is). */
export function levelingGain(track, mode = "track") {
  if (mode === "off" || !track) return 1;
  const byAlbum = mode === "album" && Number.isFinite(track.albumGainDb);
  const db = byAlbum ? track.albumGainDb : track.replayGainDb;
  if (!Number.isFinite(db)) return 1;
  const gain = 10 ** (db / 20);
  const peak = byAlbum ? track.albumPeak : track.replayPeak;
  return Number.isFinite(peak) && peak > 0 ? Math.min(gain, 1 / peak) : gain;
}
