// The sync meter's "Tap along": sixteen clicks from this browser's audio output, each heard when the
// browser says; the listener taps (Space or the button) with each, and how steadily late the taps
// are is offered as this device's output delay (tap-calibration.js).
import { h } from "../dom.js";
import { CALIBRATION, tapDelay } from "../tap-calibration.js";
import { customDialog } from "./dialogs.js";

/** Resolves with the delay to set (ms), or null. */
export function openCalibration(ctx) {
  const output = ctx.player.output;
  return customDialog({
    title: "Tap along",
    content: (finish) => {
      const taps = [];
      let whens = null;
      const status = h("p", { id: "calibration-status", attrs: { "aria-live": "polite" }, text: `Press Start, then tap with each click you hear (${CALIBRATION.CLICKS} of them).` });
      const count = h("p", { class: "muted small", id: "calibration-taps", text: "" });
      const tap = (event) => {
        if (!whens) return;
        taps.push(event.timeStamp);
        count.textContent = `${taps.length} taps`;
      };
      const tapButton = h("button", { class: "btn big", type: "button", id: "calibration-tap", text: "Tap", disabled: true });
      tapButton.addEventListener("pointerdown", tap);
      const onKey = (event) => {
        if (event.code !== "Space" || !whens) return;
        event.preventDefault();
        tap(event);
      };
      const apply = h("button", { class: "btn primary", type: "button", id: "calibration-apply", hidden: true });
      const start = h("button", { class: "btn", type: "button", id: "calibration-start", text: "Start" });
      start.addEventListener("click", async () => {
        await output.resume();
        taps.length = 0;
        count.textContent = "";
        apply.hidden = true;
        whens = output.clicks(CALIBRATION.CLICKS, CALIBRATION.INTERVAL_MS / 1000);
        start.disabled = true;
        tapButton.disabled = false;
        tapButton.focus();
        status.textContent = "Tap with each click…";
        setTimeout(() => {
          const clicks = whens.map((when) => output.heardAt(when));
          whens = null;
          start.disabled = false;
          start.textContent = "Again";
          tapButton.disabled = true;
          const result = tapDelay(clicks, taps);
          if (result.error) {
            status.textContent = result.error;
            return;
          }
          status.textContent = `Your taps came ${result.delayMs} ms after the clicks left this browser (±${result.spreadMs} ms over ${result.taps} taps).`;
          apply.textContent = `Set the output delay to ${result.delayMs} ms`;
          apply.onclick = () => finish(result.delayMs);
          apply.hidden = false;
        }, 1000 + CALIBRATION.CLICKS * CALIBRATION.INTERVAL_MS + 500);
      });
      const body = h("div", { class: "calibration" }, status, h("div", { class: "row" }, start, tapButton, apply), count,
        h("p", { class: "muted small", text: "For a speaker whose delay this browser cannot see (Bluetooth, a receiver): a wired one needs none. People tap a little early, so take a few tries." }));
      body.addEventListener("keydown", onKey); // focus stays in the dialog: on the Tap button once started
      return body;
    },
  });
}
