// Audiobooks: the list (`#/books`), each with how far the listener got, and a book's page
// (`#/book/<id>`): Play or Resume, Start over, its chapters, each a jump, and the listener's
// bookmarks.
import { api } from "../api.js";
import { bookDownload } from "../download-plan.js";
import { chapterAt } from "../spoken-playback.js";
import { downloadButton } from "./download-button.js";
import { coverArt } from "../covers.js";
import { h } from "../dom.js";
import { formatTime, plural, progressText } from "../format.js";
import { icon } from "../icons.js";
import { libraryHref } from "../routes.js";
import { bookmarkSection } from "./bookmarks.js";
import { toastError } from "./toasts.js";

function progressBar(progress, duration) {
  const share = progress?.finished ? 1 : Math.min(1, (progress?.position || 0) / (duration || 1));
  const bar = h("span", { class: "book-progress", attrs: { "aria-hidden": "true" } });
  bar.style.setProperty("--progress", `${Math.round(share * 100)}%`); // CSSOM: the CSP forbids style attributes
  return bar;
}

/** A book or episode as a row: a link to its page, a line under its title, how much is left,
 *  and `extra` (a button) beside the link. */
export function spokenRow({ href, id, coverId, title, detail, progress, duration, extra = null }) {
  return h("li", {},
    h("a", { class: "book-link", href, dataset: { id } },
      coverArt(coverId, { sizes: "48px", seed: title, className: "book-cover" }),
      h("span", { class: "book-text" },
        h("span", { class: "book-title", text: title }),
        h("span", { class: "muted small", text: detail }),
        progressBar(progress, duration))),
    extra);
}

/** "Imperial Radch, book 2" (or the series alone), when the book is in one. */
export function seriesText(book) {
  if (!book.series) return null;
  return book.seriesSequence ? `${book.series}, book ${book.seriesSequence}` : book.series;
}

/** A book as a row: a link to its page with its author, series, chapters and how much is left. */
export function bookRow(book) {
  return spokenRow({
    href: libraryHref("book", book.id), id: book.id, coverId: book.coverId, title: book.title,
    detail: [book.author, seriesText(book), plural(book.chapterCount, "chapter"), progressText(book.progress, book.duration)].filter(Boolean).join(" · "),
    progress: book.progress, duration: book.duration,
  });
}

/** The books begun and not finished, the latest heard first. */
export function unfinished(books) {
  return books.filter((b) => b.progress && !b.progress.finished && b.progress.position > 0)
    .sort((a, b) => b.progress.positionAt - a.progress.positionAt);
}

/** A book's parts in a room: its chapters when the server offers each as a track (a chapter of a
 *  file that holds several is cut out for the room), else its files. */
function roomParts(book) {
  const chapters = book.chapters || [];
  return chapters.length && chapters.every((chapter) => chapter.trackId)
    ? chapters.map((chapter) => chapter.trackId)
    : book.files.map((file) => file.trackId);
}

export function mountBooks(ctx, container) {
  const list = h("ul", { class: "book-list", id: "book-list" }, h("li", { class: "muted", text: "Loading…" }));
  container.append(list);
  api.books().then((answer) => {
    const books = answer?.books || [];
    list.replaceChildren(...books.map(bookRow));
    if (!books.length) list.append(h("li", { class: "muted", text: "No audiobooks. The server finds them in the folder given with --audiobooks-dir." }));
  }, (error) => toastError(error, "Audiobooks"));
  return {};
}

export function mountBook(ctx, container, route) {
  const { controls, store } = ctx;
  const head = h("div", { class: "book-head" }, h("p", { class: "muted", text: "Loading…" }));
  const chapters = h("ol", { class: "chapter-list", id: "book-chapters" });
  const page = h("div", { class: "detail-page" }, head, chapters);
  container.append(page);
  let book = null;
  let bookmarks = null;
  const playingHere = () => controls.playingSpoken()?.kind === "books" && controls.playingSpoken().id === book.id;
  /** Plays from `at`: a jump when this device plays the book already. */
  const playFrom = (at) => (playingHere() ? controls.jumpInBook(at) : controls.playBook(book, at));

  async function load() {
    try {
      book = await api.book(route.id);
    } catch (error) {
      head.replaceChildren(h("p", { class: "muted", text: error?.status === 404 ? "This book is no longer there." : "Could not load the book." }));
      return;
    }
    render();
    // Guests keep no bookmarks.
    if (store.get("user")?.isGuest === false) {
      bookmarks = bookmarkSection({ kind: "books", id: book.id, at: resumeAt, jump: playFrom });
      page.append(bookmarks.section);
    }
  }

  /** Where to go on: where this device plays it, else the saved position (none once finished). */
  function resumeAt() {
    if (playingHere()) return controls.playingSpoken().position;
    return book.progress && !book.progress.finished ? book.progress.position : 0;
  }

  function render() {
    const at = resumeAt();
    const play = h("button", { class: "btn primary", type: "button", id: "book-play", onclick: () => controls.playBook(book, resumeAt()) },
      icon("play", { size: 16 }), h("span", { text: at > 0 ? `Resume at ${formatTime(at)}` : "Play" }));
    const restart = h("button", { class: "btn", type: "button", id: "book-restart", hidden: !(at > 0), onclick: () => controls.playBook(book, 0), text: "Start over" });
    // The book's files go into the room's queue like tracks: everyone hears it, each keeps their place.
    const together = h("button", { class: "btn", type: "button", id: "book-room", title: "Add to the room's queue: everyone listening hears it, and keeps their place in it", onclick: () => controls.addToQueue(roomParts(book)) },
      icon("plus", { size: 16 }), h("span", { text: "Add to the room" }));
    head.replaceChildren(
      coverArt(book.coverId, { sizes: "160px", seed: book.title, className: "book-page-cover", iconSize: 40 }),
      h("h3", { class: "book-page-title", text: book.title }),
      h("p", { class: "muted", text: [book.author, seriesText(book), book.narrator && `read by ${book.narrator}`, formatTime(book.duration), plural(book.files.length, "file")].filter(Boolean).join(" · ") }),
      h("div", { class: "book-actions" }, play, restart, together, downloadButton(() => bookDownload(book), { id: "book-download", small: false })));
    const current = chapterAt(book, at);
    chapters.replaceChildren(...book.chapters.map((chapter, index) => h("li", {},
      h("button", {
        class: ["chapter", chapter === current ? "current" : null], type: "button", dataset: { index: String(index) },
        onclick: () => playFrom(chapter.start),
      }, h("span", { class: "chapter-title", text: chapter.title }), h("span", { class: "muted small", text: formatTime(chapter.start) })))));
  }

  load();
  return { dispose: () => bookmarks?.dispose() };
}
