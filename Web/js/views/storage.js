// Storage: what the track cache holds (size, tracks), its switch and limit, and clearing it.
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
      const clear = h("button", { class: "btn danger", type: "button", id: "cache-clear", text: "Clear cache", onclick: async () => {
        if (!(await confirmDialog({ title: "Clear the track cache?", message: "Tracks download again the next time they play.", confirmLabel: "Clear", danger: true }))) return;
        await cache.clear();
        toast("Cache cleared", "success");
      } });

      async function refresh() {
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
      refresh();
      return h("div", { class: "storage" },
        summary, quota,
        h("label", { class: "check" }, enabled, h("span", { text: "Keep played tracks on this device (instant start, less network)" })),
        h("label", { class: "field inline" }, h("span", { class: "field-label", text: "Size limit" }), limit),
        h("h3", { class: "pane-subtitle", text: "Recently used" }),
        list,
        h("div", { class: "dialog-actions" }, clear));
    },
  }).finally(() => cache.removeEventListener("change", listener));
}
