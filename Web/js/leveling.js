// ReplayGain leveling: every track played as loud as the others. A track's gain (dB, from its
// tags: `replayGainDb`) is applied as a factor, limited by its peak (`replayPeak`, 1.0 = full
// scale) so that leveling never pushes a sample past full scale. On by default; "off" plays the
// files as they are. A track without a gain plays as it is.
export const LEVELING_MODES = Object.freeze(["track", "off"]);

/** The factor to play `track` at (1: as it is). */
export function levelingGain(track, mode = "track") {
  if (mode === "off" || !track || !Number.isFinite(track.replayGainDb)) return 1;
  const gain = 10 ** (track.replayGainDb / 20);
  const peak = track.replayPeak;
  return Number.isFinite(peak) && peak > 0 ? Math.min(gain, 1 / peak) : gain;
}
