// Uploads: pick or drop audio files; each goes up on its own request (one bad file does not sink
// the others) with a live progress bar from XMLHttpRequest's upload events.
import { uploadFiles } from "../api.js";
import { h } from "../dom.js";
import { formatBytes } from "../format.js";
import { icon } from "../icons.js";

const ACCEPTED = [".mp3", ".ogg", ".flac", ".wav", ".m4a", ".aac", ".opus", ".wma", ".mp4"];

export function mountUploads(ctx, dropTarget) {
  const { store, controls } = ctx;
  const canUpload = store.can("upload");
  const input = h("input", { type: "file", multiple: true, accept: ACCEPTED.join(",") + ",audio/*", id: "upload-input", class: "visually-hidden", attrs: { "aria-label": "Choose audio files to upload" } });
  const button = h("button", { class: "btn small", type: "button", id: "upload-button", onclick: () => input.click() }, icon("upload", { size: 16 }), h("span", { text: "Upload" }), input);
  button.hidden = !canUpload;
  const items = h("ul", { class: "upload-list", id: "upload-list" });
  const panel = h("div", { class: "uploads", hidden: true }, items);
  const queue = [];
  let running = false;

  input.addEventListener("change", () => {
    enqueue([...input.files]);
    input.value = "";
  });

  if (canUpload) {
    let depth = 0;
    dropTarget.addEventListener("dragenter", (e) => { if (hasFiles(e)) { depth++; dropTarget.classList.add("dropping"); e.preventDefault(); } });
    dropTarget.addEventListener("dragover", (e) => { if (hasFiles(e)) e.preventDefault(); });
    dropTarget.addEventListener("dragleave", () => { depth = Math.max(0, depth - 1); if (!depth) dropTarget.classList.remove("dropping"); });
    dropTarget.addEventListener("drop", (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      dropTarget.classList.remove("dropping");
      enqueue([...e.dataTransfer.files]);
    });
  }

  function hasFiles(event) {
    return [...(event.dataTransfer?.types || [])].includes("Files");
  }

  function enqueue(files) {
    for (const file of files) {
      const ext = (file.name.match(/\.[^.]+$/)?.[0] || "").toLowerCase();
      const bar = h("div", { class: "progress" }, h("div", { class: "progress-fill" }));
      const status = h("span", { class: "upload-status muted", text: "waiting" });
      const cancel = h("button", { class: "icon-btn small", type: "button", attrs: { "aria-label": `Cancel ${file.name}` } }, icon("close", { size: 14 }));
      const row = h("li", { class: "upload" },
        h("div", { class: "upload-line" }, h("span", { class: "upload-name", text: file.name }), h("span", { class: "muted", text: formatBytes(file.size) }), status, cancel), bar);
      items.append(row);
      panel.hidden = false;
      const job = { file, row, bar, status, cancel, abort: null, cancelled: false };
      cancel.onclick = () => {
        job.cancelled = true;
        job.abort?.();
        finish(job, "cancelled", "muted");
      };
      if (!ACCEPTED.includes(ext)) {
        finish(job, `not an audio file (${ACCEPTED.join(" ")})`, "error");
        continue;
      }
      queue.push(job);
    }
    run();
  }

  function finish(job, text, kind) {
    job.status.textContent = text;
    job.row.classList.add(`upload-${kind}`);
    job.cancel.hidden = true;
    setTimeout(() => {
      job.row.remove();
      if (!items.children.length) panel.hidden = true;
    }, kind === "error" ? 12000 : 5000);
  }

  async function run() {
    if (running) return;
    running = true;
    let added = 0;
    while (queue.length) {
      const job = queue.shift();
      if (job.cancelled) continue;
      job.status.textContent = "0%";
      const { promise, abort } = uploadFiles([job.file], (loaded, total) => {
        const pct = total ? Math.round((loaded / total) * 100) : 0;
        job.bar.firstChild.style.width = `${pct}%`;
        job.status.textContent = pct >= 100 ? "processing…" : `${pct}%`;
      });
      job.abort = abort;
      try {
        const result = await promise;
        const fresh = result?.tracks?.length || 0;
        const dupes = result?.duplicates?.length || 0;
        added += fresh;
        job.bar.firstChild.style.width = "100%";
        finish(job, fresh ? "added" : dupes ? "already in the library" : "done", "done");
      } catch (error) {
        if (!job.cancelled) finish(job, error.message || "failed", "error");
      }
    }
    running = false;
    // The server's `library_changed` asks for the same reload; the two make one request.
    if (added) controls.refreshLibrary();
  }

  return { button, panel };
}
