// The account menu's Diagnostics, like the iOS design's debug view: the server, who is signed
// in, the socket, the room, the clock's offset and error, the drift of the last two minutes as
// a small plot, and the recent events, read again every second while open; Copy report puts all
// of it on the clipboard for a problem report.
import { copyText } from "../clipboard.js";
import { h, svg } from "../dom.js";
import { customDialog } from "./dialogs.js";

const ms = (seconds) => (Number.isFinite(seconds) ? `${(seconds * 1000).toFixed(1)} ms` : "—");

export function openDiagnostics(ctx) {
  let timer = null;
  return customDialog({
    title: "Diagnostics",
    wide: true,
    content: () => {
      const facts = h("dl", { class: "diag-facts", id: "diag-facts" });
      const plot = svg("svg", { class: "diag-plot", id: "diag-plot", viewBox: "0 0 240 60", preserveAspectRatio: "none", role: "img" });
      const scale = h("p", { class: "muted small", id: "diag-scale" });
      const events = h("ol", { class: "diag-events", id: "diag-events" });
      const copy = h("button", { class: "btn small", type: "button", id: "diag-copy", text: "Copy report", onclick: () => copyText(JSON.stringify(ctx.diagnostics.report(), null, 2), "Report copied") });
      const render = () => {
        if (!facts.isConnected && timer) return clearInterval(timer);
        const report = ctx.diagnostics.report();
        const sync = report.sync;
        const rows = [
          ["Server", `${report.page} · Blastoise ${report.server.version ?? "?"}`],
          ["Signed in", report.account ? `${report.account.username} (${report.account.role})` : "nobody"],
          ["Socket", `${report.connection?.state ?? "idle"}${report.connection?.attempt ? ` · attempt ${report.connection.attempt}` : ""}`],
          ["Room", report.room ? `${report.room.name} · ${report.room.track ?? "nothing"}${report.room.paused ? " · paused" : ""}` : "none"],
          ["Clock", `offset ${ms(sync.offset)} · error ±${ms(sync.uncertainty)} · round trip ${ms(sync.rtt)}`],
          ["Sync", `${sync.phase} · drift ${ms(sync.drift)} · rate ${Number(sync.rate).toFixed(4)} · output delay ${Math.round(sync.outputDelayMs)} ms`],
        ];
        facts.replaceChildren(...rows.flatMap(([name, value]) => [h("dt", { text: name }), h("dd", { text: value })]));
        drawDrift(plot, scale, report.drifts);
        events.replaceChildren(...report.events.slice(-15).reverse().map((e) =>
          h("li", {}, h("span", { class: "muted", text: new Date(e.at).toLocaleTimeString() }), " ", h("strong", { text: e.kind }), e.detail ? ` ${e.detail}` : "")));
      };
      render();
      timer = setInterval(render, 1000);
      return h("div", { class: "diag" }, facts,
        h("h3", { class: "pane-subtitle", text: "Drift, the last two minutes" }), plot, scale,
        h("h3", { class: "pane-subtitle", text: "Recent events" }), events,
        h("div", { class: "dialog-actions" }, copy));
    },
  }).finally(() => clearInterval(timer));
}

/** The drift samples as a line around zero, scaled to the largest (at least ±5 ms). */
function drawDrift(plot, scale, drifts) {
  const largest = Math.max(5, ...drifts.map((d) => Math.abs(d.driftMs)));
  const points = drifts.map((d, i) => `${(i * 240) / Math.max(1, drifts.length - 1)},${30 - (d.driftMs / largest) * 28}`).join(" ");
  plot.replaceChildren(
    svg("line", { x1: 0, y1: 30, x2: 240, y2: 30, class: "diag-zero" }),
    svg("polyline", { points, class: "diag-line", fill: "none" }));
  plot.setAttribute("aria-label", `Drift of the last ${drifts.length} samples, within ±${largest.toFixed(1)} ms`);
  scale.textContent = drifts.length ? `${drifts.length} samples, ±${largest.toFixed(1)} ms top to bottom` : "No samples yet (nothing playing in step).";
}
