// The Photo backup card's "This phone" part, in the phone app (native.js): the phone backs up its
// own photo library, and this switch and its options are its settings. The card asks where the
// backup is every second while it shows.
import { h } from "../dom.js";
import { when } from "../format.js";

const ASK_EVERY = 1000;
const OPTIONS = [
  ["wifiOnly", "Only on Wi-Fi"],
  ["includeVideos", "Videos too"],
  ["onlyWhileCharging", "Only while charging"],
];

function describe(report) {
  if (!report.available) return "This app cannot back up photos.";
  if (!report.enabled) return "Off.";
  const last = report.lastRunAt ? ` Last backup ${when(report.lastRunAt)}.` : "";
  switch (report.state) {
    case "running": return `Backing up: ${report.done} of ${report.files || "…"}.`;
    case "done": return `Backed up: ${report.done} of ${report.files}.${last}`;
    case "failed": return `Stopped: ${report.message || "an error"}.${last}`;
    case "waiting": return `Waiting: ${report.message || "for Wi-Fi or power"}.${last}`;
    default: return `On.${last}`;
  }
}

/** The section, or null in a plain browser. */
export function phoneBackupSection(audio) {
  if (!audio.native) return null;
  const status = h("p", { class: "muted", id: "phone-backup-status", attrs: { "aria-live": "polite" }, text: "Asking the phone…" });
  const enabled = h("input", { type: "checkbox", id: "phone-backup-on" });
  const options = OPTIONS.map(([key, label]) => {
    const box = h("input", { type: "checkbox", id: `phone-backup-${key}`, dataset: { key } });
    return { key, box, row: h("label", { class: "check" }, box, h("span", { text: label })) };
  });
  const choose = () => audio.chooseBackup({
    enabled: enabled.checked, ...Object.fromEntries(options.map(({ key, box }) => [key, box.checked])),
  });
  enabled.addEventListener("change", choose);
  for (const { box } of options) box.addEventListener("change", choose);
  const section = h("section", { class: "phone-backup", id: "phone-backup" },
    h("h3", { text: "This phone" }),
    h("label", { class: "check" }, enabled, h("span", { text: "Back up this phone's photos" })),
    h("div", { class: "phone-backup-options" }, options.map(({ row }) => row)),
    status);
  const show = () => {
    const report = audio.backup;
    if (!report) return;
    enabled.disabled = !report.available;
    if (report.available) {
      enabled.checked = !!report.enabled;
      for (const { key, box } of options) box.checked = !!report[key];
    }
    for (const { box } of options) box.disabled = !report.available || !report.enabled;
    status.textContent = describe(report);
  };
  audio.addEventListener("nativebackup", show);
  const timer = setInterval(() => {
    if (!section.isConnected) {
      clearInterval(timer);
      audio.removeEventListener("nativebackup", show);
      return;
    }
    audio.askBackup();
  }, ASK_EVERY);
  audio.askBackup();
  show();
  return section;
}
