// The sync meter: how far this page's audio is from the room (drift) and how well the server's
// clock is known (offset ± error). Compact in the top bar, details on click.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { OUTPUT_DELAY_RANGE } from "../prefs.js";
import { openCalibration } from "./calibration.js";

function ms(seconds) {
  return `${seconds >= 0 ? "+" : "−"}${Math.abs(seconds * 1000).toFixed(Math.abs(seconds) < 0.1 ? 1 : 0)} ms`;
}

function driftClass(drift) {
  const a = Math.abs(drift);
  if (a <= 0.02) return "good";
  if (a <= 0.08) return "fair";
  return "poor";
}

export function mountSyncMeter(ctx) {
  const { sync, store } = ctx;
  const dot = h("span", { class: "meter-dot" });
  const value = h("span", { class: "meter-value", text: "—" });
  const button = h("button", { class: "sync-meter", type: "button", attrs: { "aria-label": "Sync meter", "aria-expanded": "false" } }, icon("sync", { size: 16 }), dot, value);
  const rows = {};
  const row = (key, label) => {
    rows[key] = h("dd", { text: "—" });
    return [h("dt", { text: label }), rows[key]];
  };
  // A speaker that plays late (Bluetooth, a receiver) is told here: this device plays that much
  // earlier, so its sound is the room's.
  const delay = h("input", {
    type: "number", id: "output-delay", class: "meter-input", value: String(sync.outputDelay * 1000),
    attrs: { min: OUTPUT_DELAY_RANGE.min, max: OUTPUT_DELAY_RANGE.max, step: 1, "aria-label": "Output delay in milliseconds" },
  });
  const setDelay = (ms) => {
    sync.setOutputDelay(ms);
    delay.value = String(Math.round(sync.outputDelay * 1000));
  };
  delay.addEventListener("change", () => setDelay(Number(delay.value)));
  const calibrate = ctx.player.output
    ? h("button", { class: "btn small", type: "button", id: "calibrate-delay", text: "Tap along…", onclick: async () => {
      const ms = await openCalibration(ctx);
      if (ms !== null) setDelay(ms);
    } })
    : null;
  const details = h("div", { class: "meter-details", hidden: true, attrs: { role: "dialog", "aria-label": "Sync details" } },
    h("h3", { text: "Sync" }),
    h("dl", {}, row("drift", "Drift now"), row("filtered", "Drift (filtered)"), row("rate", "Playback rate"), row("offset", "Clock offset"), row("error", "Clock error"), row("rtt", "Best round trip"), row("seeks", "Seeks"), row("lead", "Start lead"), row("source", "Audio from"), row("phase", "State"),
      row("output", "Plays through"), row("latency", "Browser's output latency"),
      h("dt", {}, h("label", { text: "Output delay", attrs: { for: "output-delay" } })), h("dd", {}, delay, " ms ", calibrate)),
    h("p", { class: "meter-note", text: "On Web Audio the sound is scheduled for the instant the room is heard, counting the latency the browser knows, and trimmed by at most 0.3 %; on the audio element small drift is corrected by nudging the playback rate (0.95–1.05×). More than a moment off, the sound starts again in its place. If this device still sounds late next to the others (Bluetooth: often 100–300 ms), raise its output delay until they agree, or tap along to measure it." }));
  const wrap = h("div", { class: "meter-wrap" }, button, details);

  button.addEventListener("click", () => {
    details.hidden = !details.hidden;
    button.setAttribute("aria-expanded", String(!details.hidden));
  });
  const outside = (event) => { if (!wrap.contains(event.target)) { details.hidden = true; button.setAttribute("aria-expanded", "false"); } };
  document.addEventListener("click", outside);
  ctx.track(() => document.removeEventListener("click", outside));

  function update() {
    const info = sync.info();
    const local = store.isLocal();
    let text;
    let cls;
    if (local) {
      text = "not synced";
      cls = "off";
    } else if (info.phase === "playing" && info.drift !== null) {
      text = ms(info.filteredDrift ?? info.drift);
      cls = driftClass(info.filteredDrift ?? info.drift);
    } else {
      text = { paused: "paused", loading: "loading", blocked: "blocked", buffering: "buffering", starting: "starting", seeking: "seeking", empty: "idle", ending: "next…" }[info.phase] || "—";
      cls = info.phase === "blocked" ? "poor" : "idle";
    }
    value.textContent = text;
    button.dataset.quality = cls;
    button.dataset.clock = info.clockQuality;
    button.title = `Drift ${text}; clock ${info.clockQuality}${Number.isFinite(info.uncertainty) ? ` (±${info.uncertainty.toFixed(1)} ms)` : ""}`;
    if (details.hidden) return;
    rows.drift.textContent = info.drift === null ? "—" : ms(info.drift);
    rows.filtered.textContent = info.filteredDrift === null ? "—" : ms(info.filteredDrift);
    rows.rate.textContent = `${info.rate.toFixed(4)}×`;
    rows.offset.textContent = `${info.offset >= 0 ? "+" : "−"}${Math.abs(info.offset).toFixed(1)} ms`;
    rows.error.textContent = Number.isFinite(info.uncertainty) ? `±${info.uncertainty.toFixed(1)} ms (${info.clockQuality})` : "not measured yet";
    rows.rtt.textContent = info.rtt === null ? "—" : `${info.rtt.toFixed(1)} ms`;
    rows.seeks.textContent = String(info.seeks);
    rows.lead.textContent = `${(info.seekLead * 1000).toFixed(0)} ms`;
    rows.source.textContent = info.source === "cache" ? "local cache" : info.source === "network" ? "server" : "—";
    rows.phase.textContent = local ? "playing locally" : info.phase;
    rows.output.textContent = { scheduled: "Web Audio", element: "audio element", native: "the app's player" }[info.output];
    rows.latency.textContent = info.outputLatencyMs === null ? "—" : `${info.outputLatencyMs.toFixed(1)} ms (counted)`;
  }
  const timer = setInterval(update, 250);
  ctx.track(() => clearInterval(timer));
  update();
  return wrap;
}
