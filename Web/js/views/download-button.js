// "Save offline" on an album, a playlist, a book or an episode: downloads it to this device for
// offline listening (downloads.js), says how far it got, and removes it again.
import { downloads } from "../downloads.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { nativeHost } from "../native.js";
import { toast, toastError } from "./toasts.js";

/** `make()` → the download (download-plan.js), or null when this one cannot be kept. None in the
 *  phone app: its player is the phone's, which cannot play what the page keeps. */
export function downloadButton(make, { id, small = true } = {}) {
  if (nativeHost()) return null;
  const label = h("span", { text: "Save offline" });
  const button = h("button", { class: ["btn", small && "small", "download-button"], type: "button", id }, icon("download", { size: 16 }), label);
  const key = make()?.key;
  if (!key) {
    button.disabled = true;
    button.title = "The server keeps no copy of this one to download";
    return button;
  }
  let shown = false; // once on the page: leaving it stops the listening
  const show = async () => {
    if (button.isConnected) shown = true;
    else if (shown) return downloads.removeEventListener("change", show);
    const summary = await downloads.summary(key);
    const done = summary && summary.kept === summary.items;
    label.textContent = !summary ? "Save offline"
      : summary.running ? `Saving ${summary.kept} of ${summary.items}…`
        : done ? "Saved offline" : `Save the rest (${summary.kept} of ${summary.items})`;
    button.dataset.state = !summary ? "none" : summary.running ? "running" : done ? "done" : "partial";
    button.title = summary?.error ?? (done ? "Kept on this device for offline listening; click to remove" : "Keep on this device for offline listening");
    button.setAttribute("aria-pressed", String(Boolean(done)));
  };
  button.addEventListener("click", async () => {
    const state = button.dataset.state;
    if (state === "running") return;
    try {
      if (state === "done") {
        await downloads.remove(key);
        toast("Removed from this device", "success");
        return;
      }
      const download = make();
      if (!download.items.length) return toast("Nothing here to download", "warning");
      const complete = await downloads.add(download);
      const after = await downloads.summary(key);
      if (complete) toast(`“${download.name}” is on this device for offline listening`, "success");
      else toast(after?.error || "The download stopped", "warning");
    } catch (error) {
      toastError(error, "Download");
    }
  });
  downloads.addEventListener("change", show);
  show();
  return button;
}
