// Photos (`#/photos`, the trash at `#/photos?trash=1`): the caller's backed-up photos and videos
// month by month, newest first, read a page at a time as the end of the timeline scrolls into
// view; a viewer with the photo (its 1440 px rendition, so HEIC shows in every browser) or the
// video, the original to download, and delete to the trash (kept 30 days) or restore from it.
import { api, photoOriginalUrl, photoThumbnailUrl } from "../api.js";
import { h } from "../dom.js";
import { formatBytes, formatCount, plural } from "../format.js";
import { icon } from "../icons.js";
import { libraryHref } from "../routes.js";
import { confirmDialog, customDialog } from "./dialogs.js";
import { toast, toastError } from "./toasts.js";

const PAGE = 120;

/** "July 2019" for "2019-07" (the month the photo is filed under, as its phone reckoned it). */
export function monthTitle(month) {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
}

function takenText(photo) {
  return new Date(photo.takenAt).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" });
}

/** A grid tile: the thumbnail, or an icon when none can be made (a RAW file). */
function tile(photo, open) {
  const fallback = () => img.replaceWith(h("span", { class: "photo-none" }, icon(photo.isVideo ? "video" : "photo", { size: 28 })));
  const img = h("img", { src: photoThumbnailUrl(photo.id), alt: photo.name, loading: "lazy", decoding: "async", onerror: fallback });
  return h("button", { class: "photo-tile", type: "button", dataset: { id: photo.id }, title: photo.name, onclick: () => open(photo) },
    img, photo.isVideo ? h("span", { class: "photo-badge", attrs: { "aria-label": "video" } }, icon("video", { size: 14 })) : null);
}

export function mountPhotos(ctx, container, route) {
  const trash = route.params.trash === "1";
  const summary = h("span", { class: "muted small", id: "photo-summary" });
  const switcher = h("a", { class: "btn small ghost", id: "photo-switch", href: trash ? libraryHref("photos") : libraryHref("photos", null, { trash: "1" }), text: trash ? "Back to photos" : "Trash" });
  const timeline = h("div", { class: "photo-timeline", id: "photo-timeline" });
  const end = h("p", { class: "muted photo-end", text: "Loading…" });
  container.append(h("div", { class: "photo-head" }, h("h3", { text: trash ? "Trash" : "Photos" }), summary, switcher), timeline, end);

  const photos = []; // in order, for the viewer's previous and next
  const months = new Map(); // month → its grid
  let next = null;
  let loading = null;
  let finished = false;
  let disposed = false;

  function describe(status) {
    const bits = trash
      ? [`${formatCount(status.trashedCount ?? 0)} in the trash, kept 30 days after they were deleted`]
      : [plural(status.photoCount ?? 0, "photo or video", "photos and videos"), `${formatBytes(status.usedBytes)}${status.quotaBytes ? ` of ${formatBytes(status.quotaBytes)}` : ""}`];
    summary.textContent = bits.join(" · ");
  }
  const refreshSummary = () => api.photoBackupStatus().then(describe, () => {});

  function add(photo) {
    photos.push(photo);
    let grid = months.get(photo.month);
    if (!grid) {
      grid = h("div", { class: "photo-grid" });
      months.set(photo.month, grid);
      timeline.append(h("section", { class: "photo-month", dataset: { month: photo.month } }, h("h4", { class: "photo-month-title", text: monthTitle(photo.month) }), grid));
    }
    grid.append(tile(photo, open));
  }

  function remove(photo) {
    photos.splice(photos.indexOf(photo), 1);
    timeline.querySelector(`.photo-tile[data-id="${CSS.escape(photo.id)}"]`)?.remove();
    const grid = months.get(photo.month);
    if (grid && !grid.childElementCount) {
      grid.parentElement.remove();
      months.delete(photo.month);
    }
    if (!photos.length && finished) end.textContent = emptyText();
    refreshSummary();
  }

  const emptyText = () => (trash ? "The trash is empty." : "No photos yet. Back up a phone, or a folder with `blastoise backup`.");

  function loadMore() {
    if (loading || finished || disposed) return loading;
    loading = api.photos({ before: next, limit: PAGE, trashed: trash }).then((page) => {
      if (disposed) return;
      page.photos.forEach(add);
      next = page.next || null;
      finished = !next;
      end.textContent = finished ? (photos.length ? "" : emptyText()) : "Loading…";
    }, (error) => {
      end.textContent = "Could not load the photos.";
      toastError(error, "Photos");
    }).finally(() => {
      loading = null;
      // A page that does not fill the view leaves the end in sight: read on.
      if (!finished && !disposed && end.getBoundingClientRect().top < window.innerHeight + 600) loadMore();
    });
    return loading;
  }

  const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) loadMore(); }, { rootMargin: "600px" });
  observer.observe(end);

  function open(photo) {
    return customDialog({
      title: trash ? "In the trash" : "Photo",
      wide: true,
      content: (finish) => {
        const frame = h("div", { class: "photo-viewer", id: "photo-viewer" });
        let current = photo;
        const step = (by) => {
          const at = photos.indexOf(current) + by;
          if (at >= 0 && at < photos.length) show(photos[at]);
        };
        async function discard() {
          const leaving = current;
          try {
            if (trash) {
              await api.restorePhoto(leaving.id);
              toast(`${leaving.name} is back in your photos`, "success");
            } else {
              const sure = await confirmDialog({ title: `Delete “${leaving.name}”?`, message: "It goes to the trash, where it is kept 30 days; the phone does not send it again.", confirmLabel: "Delete", danger: true });
              if (!sure) return;
              await api.trashPhoto(leaving.id);
              toast(`${leaving.name} moved to the trash`, "success");
            }
          } catch (error) {
            return toastError(error, trash ? "Restore" : "Delete");
          }
          const at = photos.indexOf(leaving);
          remove(leaving);
          if (photos.length) show(photos[Math.min(at, photos.length - 1)]);
          else finish(null);
        }
        function show(target) {
          current = target;
          const index = photos.indexOf(target);
          const media = target.isVideo
            ? h("video", { class: "photo-media", src: photoOriginalUrl(target.id), controls: true, preload: "metadata", poster: photoThumbnailUrl(target.id, 1440) })
            : h("img", { class: "photo-media", src: photoThumbnailUrl(target.id, 1440), alt: target.name });
          frame.replaceChildren(
            h("div", { class: "photo-stage" },
              h("button", { class: "icon-btn", type: "button", id: "photo-prev", disabled: index <= 0, attrs: { "aria-label": "Previous" }, onclick: () => step(-1) }, icon("back", { size: 18 })),
              media,
              h("button", { class: "icon-btn", type: "button", id: "photo-next", disabled: index >= photos.length - 1, attrs: { "aria-label": "Next" }, onclick: () => step(1) }, icon("forward", { size: 18 }))),
            h("p", { class: "photo-name", id: "photo-name", text: target.name }),
            h("p", { class: "muted small", text: [takenText(target), formatBytes(target.size), target.device].filter(Boolean).join(" · ") }),
            h("div", { class: "dialog-actions" },
              h("a", { class: "btn", id: "photo-download", href: photoOriginalUrl(target.id), download: target.name }, icon("download", { size: 16 }), h("span", { text: "Download original" })),
              h("button", { class: ["btn", trash ? "primary" : "danger"], type: "button", id: "photo-discard", onclick: discard },
                icon(trash ? "refresh" : "trash", { size: 16 }), h("span", { text: trash ? "Restore" : "Delete" }))));
          // The last photos loaded: read the next page before the viewer runs out.
          if (index >= photos.length - 3) loadMore();
        }
        frame.addEventListener("keydown", (event) => {
          if (event.key === "ArrowLeft") step(-1);
          if (event.key === "ArrowRight") step(1);
        });
        frame.tabIndex = -1;
        show(photo);
        queueMicrotask(() => frame.focus());
        return frame;
      },
    });
  }

  refreshSummary();
  loadMore();
  return { dispose: () => { disposed = true; observer.disconnect(); } };
}
