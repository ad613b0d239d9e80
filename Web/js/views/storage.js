// Storage: the downloads for offline (each with its size and Remove, and their limit), what the
// track cache of played tracks holds (size, tracks), its switch and limit, and clearing it.
import { DOWNLOAD_LIMITS, downloads } from "../downloads.js";
import { h } from "../dom.js";
import { formatBytes, plural, trackTitle } from "../format.js";
import { confirmDialog, customDialog } from "./dialogs.js";
import { toast } from "./toasts.js";

const LIMITS = [256, 512, 1024, 2048, 5120].map((mb) => mb * 1024 * 1024);

export function openStorage(ctx) {
  const { cache, store } = ctx;
  let listener = null;
  return customDialog({
    title: "Storage & cache",
    wide: true,
    content: () => {
      const summary = h("p", { class: "storage-summary", id: "storage-summary", text: "Measuring…" });
      const quota = h("p", { class: "muted small" });
      const enabled = h("input", { type: "checkbox", id: "cache-enabled", checked: cache.enabled });
      enabled.addEventListener("change", () => cache.setEnabled(enabled.checked));
      const limit = h("select", { class: "select", id: "cache-limit", attrs: { "aria-label": "Cache size limit" } }, LIMITS.map((bytes) => h("option", { value: String(bytes), text: formatBytes(bytes) })));
      limit.value = String(LIMITS.includes(cache.limit) ? cache.limit : LIMITS[2]);
      limit.addEventListener("change", () => cache.setLimit(Number(limit.value)));
      const list = h("ul", { class: "cache-list" });
      const saved = h("ul", { class: "cache-list", id: "download-list" });
      const savedSummary = h("p", { class: "muted small", id: "download-summary" });
      const savedLimit = h("select", { class: "select", id: "download-limit", attrs: { "aria-label": "Downloads size limit" } }, DOWNLOAD_LIMITS.map((bytes) => h("option", { value: String(bytes), text: formatBytes(bytes) })));
      savedLimit.value = String(downloads.limit);
      savedLimit.addEventListener("change", () => downloads.setLimit(Number(savedLimit.value)));
      const clear = h("button", { class: "btn danger", type: "button", id: "cache-clear", text: "Clear cache", onclick: async () => {
        if (!(await confirmDialog({ title: "Clear the track cache?", message: "Played tracks download again the next time they play; what you saved for offline stays.", confirmLabel: "Clear", danger: true }))) return;
        await cache.clear();
        toast("Cache cleared", "success");
      } });

      async function refresh() {
        const summaries = await downloads.summaries();
        savedSummary.textContent = `${plural(summaries.length, "download")} · ${formatBytes(await downloads.bytes())} of ${formatBytes(downloads.limit)}. They play when the server cannot be reached.`;
        saved.replaceChildren(...summaries.map((entry) => h("li", { class: "cache-item", dataset: { key: entry.download.key } },
          h("span", { class: "cache-name", text: `${entry.download.name} — ${entry.download.subtitle}` }),
          h("span", { class: entry.error ? "warning-text small" : "muted", text: entry.error ?? (entry.kept < entry.items ? `${entry.kept} of ${entry.items} · ${formatBytes(entry.bytes)}` : formatBytes(entry.bytes)) }),
          h("button", { class: "btn small ghost", type: "button", text: "Remove", onclick: () => downloads.remove(entry.download.key) }))));
        if (!summaries.length) saved.append(h("li", { class: "muted", text: "Nothing saved yet: “Save offline” on an album, a playlist, a book or an episode." }));
        const stats = await cache.stats();
        summary.textContent = `${plural(stats.count, "track")} cached · ${formatBytes(stats.bytes)} of ${formatBytes(cache.limit)}`;
        const byId = store.get("tracksById");
        const top = stats.entries.sort((a, b) => b.lastUsed - a.lastUsed).slice(0, 50);
        list.replaceChildren(...top.map((entry) => h("li", { class: "cache-item" },
          h("span", { class: "cache-name", text: trackTitle(byId.get(entry.id) || { id: entry.id }) }),
          h("span", { class: "muted", text: formatBytes(entry.size) }),
          h("button", { class: "btn small ghost", type: "button", text: "Remove", onclick: () => cache.delete(entry.id) }))));
        if (!stats.count) list.append(h("li", { class: "muted", text: "Nothing cached yet. Tracks are kept after they play." }));
        if (navigator.storage?.estimate) {
          const estimate = await navigator.storage.estimate();
          quota.textContent = `This site uses ${formatBytes(estimate.usage || 0)} of the ${formatBytes(estimate.quota || 0)} the browser allows.`;
        }
      }
      listener = refresh;
      cache.addEventListener("change", refresh);
      downloads.addEventListener("change", refresh);
      refresh();
      return h("div", { class: "storage" },
        h("h3", { class: "pane-subtitle", text: "Saved for offline" }),
        savedSummary, saved,
        h("label", { class: "field inline" }, h("span", { class: "field-label", text: "Downloads limit" }), savedLimit),
        h("h3", { class: "pane-subtitle", text: "Played tracks" }),
        summary, quota,
        h("label", { class: "check" }, enabled, h("span", { text: "Keep played tracks on this device (instant start, less network)" })),
        h("label", { class: "field inline" }, h("span", { class: "field-label", text: "Size limit" }), limit),
        h("h3", { class: "pane-subtitle", text: "Recently used" }),
        list,
        h("div", { class: "dialog-actions" }, clear));
    },
  }).finally(() => {
    cache.removeEventListener("change", listener);
    downloads.removeEventListener("change", listener);
  });
}
