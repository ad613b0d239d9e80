// The account menu's Server (admins): how the server runs — version, database, the folders it
// reads, its switches, the library and how long it has been up — and a rescan with its live
// progress (the socket's scan_progress) and what it found.
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatCount } from "../format.js";
import { icon } from "../icons.js";
import { customDialog } from "./dialogs.js";

const since = (ms) => {
  const minutes = Math.max(0, Math.round((Date.now() - ms) / 60000));
  return minutes < 60 ? `${minutes} min` : minutes < 2880 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} days`;
};

export function openServerPanel(ctx) {
  const { store } = ctx;
  let stop = () => {};
  return customDialog({
    title: "Server",
    wide: true,
    content: () => {
      const facts = h("dl", { class: "diag-facts", id: "server-facts" }, h("dt", { text: "Reading…" }));
      const bar = h("div", { class: "progress-fill" });
      const progress = h("div", { class: "progress", id: "server-scan-progress", hidden: true }, bar);
      const scanText = h("p", { class: "muted small", id: "server-scan-text", attrs: { "aria-live": "polite" } });
      const rescan = h("button", { class: "btn small", type: "button", id: "server-rescan" }, icon("refresh", { size: 16 }), h("span", { text: "Rescan the music folder" }));
      const load = async () => {
        try {
          const report = await api.adminServer();
          const rows = [
            ["Version", `Blastoise ${report.version}, up ${since(report.startedAt)}`],
            ["Database", report.database === "postgresql" ? "PostgreSQL (nodes share it)" : "SQLite (in the data folder)"],
            ["Music folder", report.musicDirectory],
            ["Audiobooks folder", report.audiobooksDirectory ?? "none"],
            ["Photos folder", report.photosDirectory ?? "none"],
            ["Library", `${formatCount(report.tracks)} tracks`],
            ["Sign-up", report.allowSignup ? "open" : "closed (admins add accounts)"],
            ["Guests", report.allowGuests ? "allowed" : "not allowed"],
            ["URL import", report.urlImport ? "on" : "off"],
          ];
          facts.replaceChildren(...rows.flatMap(([name, value]) => [h("dt", { text: name }), h("dd", { text: value })]));
        } catch (error) {
          facts.replaceChildren(h("dt", { text: "Error" }), h("dd", { text: error.message }));
        }
      };
      const showScan = (scan) => {
        progress.hidden = !scan?.scanning;
        if (scan?.scanning) {
          bar.style.width = `${scan.total ? Math.min(100, (100 * scan.processed) / scan.total) : 0}%`;
          scanText.textContent = `Scanning: ${formatCount(scan.processed)}${scan.total ? ` of ${formatCount(scan.total)}` : ""} files…`;
        }
      };
      rescan.addEventListener("click", async () => {
        rescan.disabled = true;
        scanText.textContent = "Scanning…";
        try {
          const summary = await api.scan();
          scanText.textContent = `Scan done: ${formatCount(summary?.added ?? 0)} new, ${formatCount(summary?.missing ?? 0)} missing.`;
          ctx.controls.refreshLibrary();
          await load();
        } catch (error) {
          scanText.textContent = `The scan failed: ${error.message}`;
        } finally {
          rescan.disabled = false;
        }
      });
      stop = store.on("scan", showScan);
      showScan(store.get("scan"));
      load();
      return h("div", { class: "diag" }, facts, h("div", { class: "dialog-actions" }, rescan), progress, scanText);
    },
  }).finally(() => stop());
}
