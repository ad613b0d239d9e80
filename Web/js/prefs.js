// Small things remembered in localStorage between visits.
import { CROSSFADE_CHOICES } from "./local-queue.js";

const CHANNEL_KEY = "blastoise.channel";
const GUEST_KEY = "blastoise.guest";
const TAB_KEY = "blastoise.tab";
const INVITES_KEY = "blastoise.invites";
const OUTPUT_DELAY_KEY = "blastoise.outputDelay";
const LEVELING_KEY = "blastoise.leveling";
const ROOM_OUTPUT_KEY = "blastoise.roomOutput";
const CONTEXT_PACE_KEY = "blastoise.contextPace";
const CROSSFADE_KEY = "blastoise.crossfade";
/** The rates a device's AudioContext may be found to need (its clock against the page's). */
const PACE_RANGE = Object.freeze({ min: 0.999, max: 1.001 });
/** The output delays a person may set, in ms (a Bluetooth speaker: often 100–300). */
export const OUTPUT_DELAY_RANGE = Object.freeze({ min: -500, max: 3000 });

const read = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
const write = (key, value) => { try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch { /* private mode */ } };

/** An object kept as JSON under `key`: {} when there is none, or storage is refused or holds no
 *  JSON object (a bad value must not stop the app). */
export function readJson(key) {
  try {
    const value = JSON.parse(read(key) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** Keeps `value` as JSON under `key` (null: forgets it); refused storage keeps it for this visit. */
export function writeJson(key, value) {
  write(key, value === null ? null : JSON.stringify(value));
}

export const prefs = {
  get channel() { return read(CHANNEL_KEY); },
  set channel(id) { write(CHANNEL_KEY, id); },
  get guestChosen() { return read(GUEST_KEY) === "1"; },
  set guestChosen(yes) { write(GUEST_KEY, yes ? "1" : null); },
  get tab() { return read(TAB_KEY); },
  set tab(name) { write(TAB_KEY, name); },
  /** How much later than this browser reports its sound comes out of the speakers, in ms. */
  get outputDelayMs() { return clampDelay(Number(read(OUTPUT_DELAY_KEY))); },
  set outputDelayMs(ms) { write(OUTPUT_DELAY_KEY, clampDelay(ms) ? String(clampDelay(ms)) : null); },
  /** ReplayGain leveling (leveling.js): "track" (the default), "album" or "off". */
  get leveling() { return ["album", "off"].includes(read(LEVELING_KEY)) ? read(LEVELING_KEY) : "track"; },
  set leveling(mode) { write(LEVELING_KEY, ["album", "off"].includes(mode) ? mode : null); },
  /** Seconds each track fades into the next when playing here, not in a room (0: none). */
  get crossfade() { const seconds = Number(read(CROSSFADE_KEY)); return CROSSFADE_CHOICES.includes(seconds) ? seconds : 0; },
  set crossfade(seconds) { write(CROSSFADE_KEY, CROSSFADE_CHOICES.includes(seconds) && seconds > 0 ? String(seconds) : null); },
  /** How a room sounds here: "scheduled" (Web Audio, the default where the browser has it) or
   *  "element" (<audio> nudged to the room's time: the fallback). */
  get roomOutput() { return read(ROOM_OUTPUT_KEY) === "element" ? "element" : "scheduled"; },
  set roomOutput(kind) { write(ROOM_OUTPUT_KEY, kind === "element" ? "element" : null); },
  /** The rate at which this device's AudioContext keeps to the page's clock (RateTrim's base),
   *  as last learned; null when never learned or out of bounds. */
  get contextPace() {
    const pace = Number(read(CONTEXT_PACE_KEY));
    return pace >= PACE_RANGE.min && pace <= PACE_RANGE.max ? pace : null;
  },
  set contextPace(pace) { write(CONTEXT_PACE_KEY, pace >= PACE_RANGE.min && pace <= PACE_RANGE.max ? String(pace) : null); },
};

function clampDelay(ms) {
  return Number.isFinite(ms) ? Math.round(Math.min(OUTPUT_DELAY_RANGE.max, Math.max(OUTPUT_DELAY_RANGE.min, ms))) : 0;
}

export function rememberChannel(id) {
  prefs.channel = id;
}

// Private rooms' invite tokens, by room, from the links this browser opened: sent again with
// every connection to that room until the owner renews the link.
const invites = () => readJson(INVITES_KEY);

export function inviteFor(roomId) {
  const token = invites()[roomId];
  return typeof token === "string" ? token : null;
}

export function rememberInvite(roomId, token) {
  const all = invites();
  if (token) all[roomId] = token;
  else delete all[roomId];
  writeJson(INVITES_KEY, Object.keys(all).length ? all : null);
}
