// The account menu's Server (admins): how the server runs — version, database, the folders it
// reads, the library and how long it has been up — its switches (sign-up, guests) changed for
// every node at once, and a rescan with its live progress (the socket's scan_progress), what it
// found, and this node's recent scans with the files they passed over and why.
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatBytes, formatCount } from "../format.js";
import { icon } from "../icons.js";
import { customDialog } from "./dialogs.js";
import { toast, toastError } from "./toasts.js";

const since = (ms) => {
  const minutes = Math.max(0, Math.round((Date.now() - ms) / 60000));
  return minutes < 60 ? `${minutes} min` : minutes < 2880 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} days`;
};

const SWITCHES = [
  ["allowSignup", "Anyone may create an account", "Closed: admins add accounts (Users)."],
  ["allowGuests", "Visitors may listen as guests", "Turning this off signs the guests out."],
];

/** The switches as checkboxes; each change is sent at once and the report it answers shown. */
function switchBoxes(onReport) {
  const boxes = new Map();
  const fieldset = h("fieldset", { class: "settings-choices", id: "server-switches" }, h("legend", { class: "field-label", text: "Who may come in" }),
    SWITCHES.map(([name, label, hint]) => {
      const input = h("input", { type: "checkbox", id: `switch-${name}`, name, disabled: true });
      boxes.set(name, input);
      input.addEventListener("change", async () => {
        input.disabled = true;
        try {
          onReport(await api.changeServer({ [name]: input.checked }));
          toast(`${label}: ${input.checked ? "on" : "off"}`, "success");
        } catch (error) {
          input.checked = !input.checked;
          toastError(error, "Change the server");
        } finally {
          input.disabled = false;
        }
      });
      return h("label", { class: "settings-choice", htmlFor: `switch-${name}` }, input, h("span", {}, label, h("span", { class: "muted small", text: ` ${hint}` })));
    }));
  const show = (report) => {
    for (const [name, input] of boxes) {
      input.checked = Boolean(report[name]);
      input.disabled = false;
    }
  };
  return { fieldset, show };
}

const TRIGGERS = { start: "At start", hourly: "Hourly", admin: "Rescan", subsonic: "An app asked", command: "blastoise scan" };

/** One scan: when, what started it, what it found, and the files it skipped (opened on demand). */
function scanEntry(scan) {
  const seconds = Math.max(0, (scan.finishedAt - scan.startedAt) / 1000);
  const counts = `${formatCount(scan.added)} read, ${formatCount(scan.unchanged)} unchanged, ${formatCount(scan.missing)} missing, ${formatCount(scan.skipped)} skipped`;
  const head = `${new Date(scan.startedAt).toLocaleString()} · ${TRIGGERS[scan.trigger] ?? scan.trigger} · ${seconds.toFixed(1)} s`;
  const skipped = scan.skippedFiles.length
    ? h("details", { class: "scan-skips" },
      h("summary", { text: scan.skipped > scan.skippedFiles.length ? `The first ${scan.skippedFiles.length} skipped files` : "Skipped files" }),
      h("ul", {}, scan.skippedFiles.map((skip) => h("li", {}, h("code", { text: skip.path }), h("span", { class: "muted", text: ` — ${skip.reason}` })))))
    : null;
  return h("li", { class: "session-row scan-entry" },
    h("div", { class: "session-text" },
      h("strong", { text: head }),
      h("span", { class: scan.failure ? "auth-error" : "muted small", text: scan.failure ? `Failed: ${scan.failure}` : counts }),
      skipped));
}

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
      const switches = switchBoxes((report) => show(report));
      const show = (report) => {
        switches.show(report);
        const rows = [
          ["Version", `Blastoise ${report.version}, up ${since(report.startedAt)}`],
          ["Database", report.database === "postgresql" ? "PostgreSQL (nodes share it)" : "SQLite (in the data folder)"],
          ["Music folder", report.musicDirectory],
          ["Audiobooks folder", report.audiobooksDirectory ?? "none"],
          ["Photos folder", report.photosDirectory ?? "none"],
          ["Library", `${formatCount(report.tracks)} tracks`],
          ["URL import", report.urlImport ? "on" : "off"],
        ];
        const imports = report.importSettings;
        if (imports) {
          rows.push(["Import limits", `${imports.concurrency} at a time · files up to ${formatBytes(imports.maxFileBytes)} · ${Math.round(imports.jobTimeoutSeconds / 60)} min each · playlists up to ${formatCount(imports.maxPlaylistItems)} entries · ${formatCount(imports.maxActiveJobsPerUser)} waiting per person`]);
          rows.push(["Import from", imports.allowPrivateAddresses ? "any address, this network's too (--allow-private-imports)" : "public addresses only"]);
        }
        facts.replaceChildren(...rows.flatMap(([name, value]) => [h("dt", { text: name }), h("dd", { text: value })]));
      };
      const scans = h("ul", { class: "session-list", id: "server-scans" });
      const load = async () => {
        try {
          show(await api.adminServer());
          const recent = await api.adminScans();
          scans.replaceChildren(...(recent.length ? recent.map(scanEntry) : [h("li", { class: "muted", text: "No scan since this server started." })]));
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
      return h("div", { class: "diag" }, facts, switches.fieldset, h("div", { class: "dialog-actions" }, rescan), progress, scanText,
        h("h3", { class: "field-label", text: "Recent scans on this node" }), scans);
    },
  }).finally(() => stop());
}
