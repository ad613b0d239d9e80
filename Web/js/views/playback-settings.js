// The account menu's Playback: ReplayGain leveling, the crossfade between tracks played here
// (not in rooms) and how rooms sound in this browser (Web Audio, or the <audio> element as a
// fallback), all remembered in this browser.
import { h } from "../dom.js";
import { CROSSFADE_CHOICES } from "../local-queue.js";
import { prefs } from "../prefs.js";
import { customDialog } from "./dialogs.js";

const LEVELING = [["track", "By track (ReplayGain)"], ["album", "By album: an album's songs keep their difference"], ["off", "Off: as the files are"]];
const CROSSFADE = CROSSFADE_CHOICES.map((s) => [String(s), s ? `${s} s` : "Off"]);
const ROOM_OUTPUT = [["scheduled", "Web Audio: sample-accurate, gapless"], ["element", "Audio element: the fallback"]];

function choices(name, legend, options, current, onChange, hint) {
  return h("fieldset", { class: "settings-choices", id: `${name}-choices` },
    h("legend", { class: "field-label", text: legend }),
    options.map(([value, label]) => {
      const input = h("input", { type: "radio", name, value, checked: value === current, id: `${name}-${value}` });
      input.addEventListener("change", () => { if (input.checked) onChange(value); });
      return h("label", { class: "settings-choice", htmlFor: `${name}-${value}` }, input, h("span", { text: label }));
    }),
    h("p", { class: "muted small", text: hint }));
}

export function openPlaybackSettings(ctx) {
  return customDialog({
    title: "Playback",
    content: () => h("div", {},
      choices("leveling", "Leveling", LEVELING, prefs.leveling, (mode) => { prefs.leveling = mode; },
        "Plays every track about as loud as the others, never past full scale. From the next track on."),
      ctx.player.audio.crossfade
        ? choices("crossfade", "Crossfade when playing here", CROSSFADE, String(prefs.crossfade), (s) => { prefs.crossfade = Number(s); },
          "Each track fades into the next — not between songs of an album played in order, and never in rooms, which play gapless for everyone.")
        : null,
      ctx.player.output
        ? choices("room-output", "Rooms in this browser", ROOM_OUTPUT, prefs.roomOutput, (kind) => { prefs.roomOutput = kind; },
          "Web Audio keeps to the room within a millisecond or so; the element follows it more loosely.")
        : null),
  });
}
