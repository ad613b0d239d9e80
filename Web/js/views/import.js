// URL import (yt-dlp on the server), shown only when /api/status says it is enabled and
// available: a URL field, a confirmation for playlists, and the live job list (progress from
// the socket's fetch_* messages), with cancel; a failed job keeps its reason and offers Retry.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { icon } from "../icons.js";
import { customDialog } from "./dialogs.js";
import { toast, toastError } from "./toasts.js";

const DONE = new Set(["complete", "completed", "done", "error", "failed", "cancelled", "canceled"]);
const FAILED = new Set(["error", "failed"]);

export function mountImport(ctx, pane) {
  const { store, controls } = ctx;
  const canImport = store.can("import");
  const url = h("input", { type: "url", class: "text-input", id: "import-url", placeholder: "https://… (a video, a song or a playlist)", required: true, autocomplete: "off", attrs: { "aria-label": "Address to import from" } });
  const submit = h("button", { class: "btn primary", type: "submit", id: "import-submit" }, icon("download", { size: 16 }), h("span", { text: "Import" }));
  const form = h("form", { class: "import-form", onsubmit: (e) => { e.preventDefault(); start(); } }, url, submit);
  const jobs = h("ul", { class: "job-list", id: "import-jobs" });
  const clear = h("button", { class: "btn small ghost", type: "button", onclick: clearFinished, text: "Clear finished" });
  pane.append(
    h("div", { class: "pane-head" }, h("h2", { class: "pane-title", text: "Import from a URL" })),
    canImport ? form : h("p", { class: "pane-note", text: "Sign in to import music from the web." }),
    h("div", { class: "pane-head sub" }, h("h3", { class: "pane-subtitle", text: "Jobs" }), h("div", { class: "pane-actions" }, clear)),
    jobs);

  async function start(address = url.value.trim()) {
    if (!address) return;
    submit.disabled = true;
    try {
      const result = await api.fetchUrl(address);
      if (result?.type === "playlist") {
        await confirmPlaylist(result);
      } else {
        toast(`Queued: ${result?.title || address}`, "success");
        if (result?.id) controls.updateFetchJob({ type: "fetch_progress", id: result.id, title: result.title, url: address, status: "queued", progress: 0 });
      }
      url.value = "";
      controls.refreshFetchJobs();
    } catch (error) {
      toastError(error, "Import");
    } finally {
      submit.disabled = false;
    }
  }

  async function confirmPlaylist(result) {
    const items = Array.isArray(result.items) ? result.items : [];
    const ok = await customDialog({
      title: "Import a playlist?",
      wide: true,
      content: (finish) => {
        const title = h("input", { type: "text", class: "text-input", value: result.title || "Imported playlist", maxLength: 80, attrs: { "aria-label": "Playlist name" } });
        return h("div", { class: "confirm-playlist" },
          h("p", {}, h("strong", { text: result.title || "Playlist" }), ` — ${plural(result.count ?? items.length, "item")}. They download one by one and arrive as a playlist.`),
          h("label", { class: "field" }, h("span", { class: "field-label", text: "Save as playlist" }), title),
          h("ol", { class: "confirm-items" }, items.slice(0, 100).map((item) => h("li", { text: item.title || item.url }))),
          items.length > 100 ? h("p", { class: "muted", text: `…and ${items.length - 100} more` }) : null,
          h("div", { class: "dialog-actions" },
            h("button", { class: "btn", type: "button", text: "Cancel", onclick: () => finish(null) }),
            h("button", { class: "btn primary", type: "button", id: "import-confirm", text: `Import ${plural(items.length, "item")}`, onclick: () => finish({ title: title.value.trim() || result.title }) })));
      },
    });
    if (!ok) return;
    const response = await api.fetchConfirm(ok.title, items);
    toast(response?.message || `Importing ${plural(items.length, "item")}`, "success");
    for (const item of response?.items || []) {
      if (item.id) controls.updateFetchJob({ type: "fetch_progress", id: item.id, title: item.title, url: item.url, status: "queued", progress: 0 });
    }
  }

  async function cancel(id) {
    try {
      await api.cancelFetch(id);
      controls.updateFetchJob({ type: "fetch_cancelled", id });
    } catch (error) {
      toastError(error, "Cancel");
    }
  }

  async function clearFinished() {
    const map = new Map(store.get("fetchJobs"));
    for (const [id, job] of map) if (DONE.has(job.status)) map.delete(id);
    store.set({ fetchJobs: map });
    try { await api.clearFetches(); } catch { /* local clear is enough */ }
  }

  function render() {
    const list = [...store.get("fetchJobs").values()];
    if (!list.length) {
      jobs.replaceChildren(h("li", { class: "empty muted", text: "No imports yet." }));
      return;
    }
    jobs.replaceChildren(...list.reverse().map((job) => {
      const pct = Math.max(0, Math.min(100, Number(job.progress) || 0));
      const finished = DONE.has(job.status);
      const fill = h("div", { class: "progress-fill" });
      fill.style.width = `${pct}%`;
      return h("li", { class: ["job", `job-${job.status || "queued"}`], dataset: { id: job.id } },
        h("div", { class: "job-line" },
          h("span", { class: "job-title", text: job.title || job.url || job.id }),
          h("span", { class: "job-status muted", text: `${job.status || "queued"}${finished ? "" : ` · ${pct.toFixed(0)}%`}` }),
          finished || !canImport ? null : h("button", { class: "icon-btn small", type: "button", title: "Cancel", attrs: { "aria-label": `Cancel ${job.title || job.url || "import"}` }, onclick: () => cancel(job.id) }, icon("close", { size: 14 })),
          FAILED.has(job.status) && canImport && job.url ? h("button", { class: "btn small job-retry", type: "button", attrs: { "aria-label": `Retry ${job.title || job.url}` }, onclick: () => start(job.url) }, icon("refresh", { size: 14 }), h("span", { text: "Retry" })) : null),
        job.error ? h("p", { class: "job-error", text: String(job.error) }) : null,
        h("div", { class: "progress" }, fill));
    }));
  }

  ctx.track(store.on("fetchJobs", render));
  render();
}
