// The Photo backup card (the account menu): in the phone app, this phone's own backup
// (phone-backup.js); the caller's devices with how much each backed up and when it last did, what is kept and the quota, uploads that stopped part way (they go on
// when their device backs up again, until they expire), and how to back up a folder.
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatBytes, formatCount, plural, when } from "../format.js";
import { libraryHref } from "../routes.js";
import { customDialog } from "./dialogs.js";
import { phoneBackupSection } from "./phone-backup.js";
import { toastError } from "./toasts.js";

function percent(part, whole) {
  return `${Math.floor((100 * part) / Math.max(1, whole))} %`;
}

export function openPhotoBackup(ctx) {
  const user = ctx.store.get("user");
  return customDialog({
    title: "Photo backup",
    wide: true,
    content: (finish) => {
      const body = h("div", { class: "photo-backup", id: "photo-backup" }, h("p", { class: "muted", text: "Loading…" }));
      api.photoBackupStatus().then((status) => {
        const usage = `${formatBytes(status.usedBytes)}${status.quotaBytes ? ` of ${formatBytes(status.quotaBytes)} (${percent(status.usedBytes, status.quotaBytes)})` : ""}`;
        const counts = [plural(status.photoCount ?? 0, "photo or video", "photos and videos") + " kept", status.trashedCount ? `${formatCount(status.trashedCount)} in the trash` : null, usage];
        const devices = status.devices.length
          ? h("ul", { class: "photo-devices", id: "photo-devices" }, status.devices.map((device) => h("li", { dataset: { device: device.name } },
            h("strong", { text: device.name }),
            h("span", { class: "muted small", text: `${plural(device.photos, "photo")} · ${formatBytes(device.bytes)} · last backup ${when(device.lastBackupAt)}` }))))
          : h("p", { class: "muted", text: "No device has backed up yet." });
        const unfinished = status.unfinished || [];
        const problems = unfinished.length
          ? h("div", { class: "photo-unfinished", id: "photo-unfinished" },
            h("h3", { text: `${plural(unfinished.length, "upload")} stopped part way` }),
            h("ul", {}, unfinished.map((upload) => h("li", {},
              h("span", { text: upload.name }),
              h("span", { class: "muted small", text: `${percent(upload.offset, upload.length)} of ${formatBytes(upload.length)}${upload.device ? ` from ${upload.device}` : ""} · goes on when it backs up again, until ${when(upload.expiresAt)}` })))))
          : null;
        const photosLink = h("a", { class: "btn small", href: libraryHref("photos"), id: "photo-backup-open", text: "Open Photos", onclick: () => finish(null) });
        body.replaceChildren(
          ...[phoneBackupSection(ctx.player.audio)].filter(Boolean),
          h("p", { id: "photo-backup-counts", text: counts.filter(Boolean).join(" · ") }),
          devices, problems,
          h("p", { class: "muted small", text: `From a computer or a camera card: blastoise backup FOLDER --server ${window.location.origin} --user ${user.username}` }),
          h("div", { class: "dialog-actions" }, photosLink));
      }, (error) => {
        body.replaceChildren(h("p", { class: "muted", text: "Could not read the backup's state." }));
        toastError(error, "Photo backup");
      });
      return body;
    },
  });
}
