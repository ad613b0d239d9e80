// Bookmarks in a book or episode, kept per person on the server: a list (each a jump, with its
// note, and a delete) and "Add bookmark" at the place playing, asking for a note.
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatTime } from "../format.js";
import { formDialog } from "./dialogs.js";
import { toast, toastError } from "./toasts.js";

const ADDED = "blastoise-bookmark-added";

/** Asks for a bookmark's note: resolves { note }, or null when cancelled. */
function askNote(position, value, submitLabel) {
  return formDialog({
    title: `Bookmark at ${formatTime(position)}`,
    fields: [{ name: "note", label: "Note", value, multiline: true, maxLength: 500, placeholder: "What happens here (optional)" }],
    submitLabel,
  });
}

/** Asks for a note, then keeps a bookmark at `position` (seconds); resolves it, or null. */
export async function addBookmark(kind, id, position) {
  const values = await askNote(position, "", "Add bookmark");
  if (!values) return null;
  try {
    const mark = await api.addBookmark(kind, id, position, values.note);
    // The item's page lists it, also when it was added from Now playing.
    window.dispatchEvent(new CustomEvent(ADDED, { detail: { kind, id } }));
    return mark;
  } catch (error) {
    toastError(error, "Bookmark");
    return null;
  }
}

/** The bookmarks section of an item's page: { section, dispose }. `at()` is where a new one
 *  goes, `jump(position)` plays from one; each can have its note edited, or be deleted. */
export function bookmarkSection({ kind, id, at, jump }) {
  const list = h("ol", { class: "bookmark-list", id: "bookmarks" });
  const add = h("button", { class: "btn", type: "button", id: "bookmark-add", text: "Add bookmark", onclick: () => addBookmark(kind, id, at()) });
  const section = h("section", { class: "bookmarks" }, h("div", { class: "bookmarks-head" }, h("h4", { text: "Bookmarks" }), add), list);

  function row(mark) {
    return h("li", { class: "bookmark", dataset: { id: mark.id } },
      h("button", { class: "chapter bookmark-jump", type: "button", onclick: () => jump(mark.position) },
        h("span", { class: "bookmark-note", text: mark.note || "Bookmark" }), h("span", { class: "muted small", text: formatTime(mark.position) })),
      h("button", {
        class: "btn ghost small bookmark-edit", type: "button", text: "Edit", attrs: { "aria-label": `Edit the note of the bookmark at ${formatTime(mark.position)}` },
        onclick: async () => {
          const values = await askNote(mark.position, mark.note, "Save");
          if (values) api.editBookmark(kind, id, mark.id, values.note).then(load, (error) => toastError(error, "Bookmark"));
        },
      }),
      h("button", {
        class: "btn ghost small bookmark-delete", type: "button", text: "Delete", attrs: { "aria-label": `Delete the bookmark at ${formatTime(mark.position)}` },
        onclick: () => api.removeBookmark(kind, id, mark.id).then(load, (error) => toastError(error, "Bookmark")),
      }));
  }

  async function load() {
    try {
      const answer = await api.bookmarks(kind, id);
      const marks = answer?.bookmarks || [];
      list.replaceChildren(...marks.map(row));
      if (!marks.length) list.append(h("li", { class: "muted small", text: "No bookmarks yet." }));
    } catch (error) {
      toastError(error, "Bookmarks");
    }
  }

  const onAdded = (event) => event.detail.kind === kind && event.detail.id === id && load();
  window.addEventListener(ADDED, onAdded);
  load();
  return { section, dispose: () => window.removeEventListener(ADDED, onAdded) };
}

/** Now playing's "Bookmark" button: a bookmark where the book or episode plays now. */
export async function bookmarkHere(spoken) {
  if (spoken && (await addBookmark(spoken.kind, spoken.id, spoken.position))) toast("Bookmark added", "success");
}
