// The library's start view: the audiobooks and episodes this person is part-way through and what
// they played last (not for guests), the albums added last, and the ways in (albums, artists, genres, tracks).
import { api } from "../api.js";
import { h } from "../dom.js";
import { progressText } from "../format.js";
import { libraryHref } from "../routes.js";
import { albumGrid } from "./album-card.js";
import { bookRow, spokenRow, unfinished } from "./books.js";
import { keepsAnnotations } from "./favourite.js";
import { toastError } from "./toasts.js";

const RECENT = 12;

export function mountLibraryHome(ctx, container) {
  let gone = false;
  const recent = h("div", { class: "recent" }, h("p", { class: "muted small", text: "Loading…" }));
  const played = keepsAnnotations(ctx.store) ? h("div", { class: "recent" }, h("p", { class: "muted small", text: "Loading…" })) : null;
  // Shown only when there is something to go on with.
  const listening = played ? h("ul", { class: "book-list", id: "continue-listening" }) : null;
  const listeningHead = listening ? h("div", { class: "lib-section-head", hidden: true },
    h("h3", { class: "lib-section-title", text: "Continue listening" }),
    h("a", { class: "btn small ghost", href: libraryHref("books"), text: "All audiobooks" })) : null;
  container.append(h("div", { class: "detail-page" },
    listeningHead, listening,
    played ? h("div", { class: "lib-section-head" },
      h("h3", { class: "lib-section-title", text: "Recently played" }),
      h("a", { class: "btn small ghost", href: libraryHref("albums", null, { sort: "played" }), text: "Most played" })) : null,
    played,
    h("div", { class: "lib-section-head" },
      h("h3", { class: "lib-section-title", text: "Recently added" }),
      h("a", { class: "btn small ghost", href: libraryHref("albums", null, { sort: "added" }), text: "All albums" })),
    recent));
  const loadPlayed = () => {
    if (!played) return;
    api.recentPlays(RECENT).then((answer) => {
      if (!gone) played.replaceChildren(albumGrid(answer?.albums || [], { id: "recent-played-albums", label: "Recently played albums", emptyText: "Nothing played yet." }));
    }, (error) => toastError(error, "Recently played"));
  };
  // An episode begun: a link to its podcast, and Resume here (an old one may be pages down there).
  const episodeRow = ({ podcastId, podcastUrl, podcastTitle, podcastAuthor, episode }) => {
    const podcast = { id: podcastId, url: podcastUrl, title: podcastTitle, author: podcastAuthor };
    const resume = h("button", { class: "btn small", type: "button", text: "Resume",
      onclick: () => ctx.controls.playEpisode(podcast, episode, episode.progress?.position || 0) });
    return spokenRow({
      href: libraryHref("podcast", podcastId), id: episode.url, coverId: null, title: episode.title || "Episode",
      detail: [podcastTitle, progressText(episode.progress, episode.duration)].filter(Boolean).join(" · "),
      progress: episode.progress, duration: episode.duration, extra: resume,
    });
  };
  const loadListening = () => {
    if (!listening) return;
    const none = () => ({});
    Promise.all([api.books().catch(none), api.continueListening().catch(none)]).then(([shelf, heard]) => {
      if (gone) return;
      const rows = [
        ...unfinished(shelf?.books || []).map((book) => ({ at: book.progress.positionAt, row: () => bookRow(book) })),
        ...(heard?.episodes || []).filter((e) => e.episode.progress && !e.episode.progress.finished)
          .map((e) => ({ at: e.episode.progress.positionAt, row: () => episodeRow(e) })),
      ].sort((a, b) => b.at - a.at).slice(0, 6);
      listening.replaceChildren(...rows.map((r) => r.row()));
      listeningHead.hidden = !rows.length;
    });
  };
  const load = () => {
    loadListening();
    api.albums({ sort: "added", limit: RECENT }).then((page) => {
      if (!gone) recent.replaceChildren(albumGrid(page?.items || [], { id: "recent-albums", label: "Recently added albums", emptyText: "Nothing yet: upload or scan some music." }));
    }, (error) => toastError(error, "Recently added"));
    loadPlayed();
  };
  load();
  // New uploads and scans show up here, and so do plays: those this page reported, and the room's
  // (a room counts its listeners' plays on the server while a track plays: read again when the
  // room goes on to another entry, or begins this one again, as it does repeating one track).
  const playing = (room) => ({
    entry: room?.track ? `${room.currentIndex}:${room.track.id}` : null,
    // When (server time, s) this play began; later than before: it began again (or went back).
    began: room?.track && !room.paused && Number.isFinite(room.serverTime) ? room.serverTime / 1000 - room.currentTimestamp : null,
  });
  let last = playing(ctx.store.get("room"));
  const onRoom = (room) => {
    const now = playing(room);
    const again = now.entry === last.entry && now.began !== null && last.began !== null && now.began - last.began > 5;
    if (now.entry !== last.entry || again) loadPlayed();
    if (now.entry !== last.entry || now.began !== null) last = now;
  };
  const stops = [ctx.store.on("library", load), ctx.store.listen("played", loadPlayed), ctx.store.on("room", onRoom)];
  return { dispose: () => { gone = true; stops.forEach((stop) => stop()); } };
}
