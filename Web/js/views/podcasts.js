// Podcasts: the caller's subscriptions (`#/podcasts`) — subscribe by a feed's URL, import and
// export OPML, each feed's unplayed count and last error — and a podcast's page
// (`#/podcast/<id>`): its episodes newest first with Play or Resume, the server's copy (and
// Download for one it has not), Mark played / Mark new, how many to keep downloaded, Refresh
// and Unsubscribe.
import { api, opmlUrl } from "../api.js";
import { coverArt } from "../covers.js";
import { episodeDownload } from "../download-plan.js";
import { h } from "../dom.js";
import { formatCount, formatTime, plural, progressText } from "../format.js";
import { icon } from "../icons.js";
import { libraryHref } from "../routes.js";
import { confirmDialog } from "./dialogs.js";
import { downloadButton } from "./download-button.js";
import { toast, toastError } from "./toasts.js";

const PAGE = 50;
/** How often the page looks again while the server is downloading an episode shown. */
const DOWNLOAD_POLL_MS = 3000;
const KEEP_CHOICES = [0, 1, 2, 3, 5, 10, 20, 50];
/** How often the server may fetch a feed: minutes and their label (0: the server's default). */
const REFRESH_CHOICES = [[0, "Check at the server's pace"], [15, "Check every 15 minutes"], [60, "Check hourly"],
  [360, "Check every 6 hours"], [1440, "Check daily"], [10080, "Check weekly"]];

/** An episode this page can play: the server's copy, or from an https publisher (the page's CSP
 *  allows no other), so that a feed cannot point it at a device on the listener's own network. */
function playable(episode) {
  return !!episode.streamUrl || /^https:\/\//i.test(episode.url);
}

const DOWNLOAD_TEXT = { queued: "Download queued", downloading: "Downloading…", done: "On this server", failed: "Download failed" };
/** Where the server's copy stands; a failed one says why (the server's words). */
function downloadText(episode) {
  const text = DOWNLOAD_TEXT[episode.download];
  return episode.download === "failed" && episode.downloadError ? `${text}: ${episode.downloadError}` : text;
}

function feedState(podcast) {
  if (podcast.lastError) return `Last check failed: ${podcast.lastError}`;
  return podcast.unplayedCount ? `${formatCount(podcast.unplayedCount)} unplayed` : "All played";
}

function podcastRow(podcast) {
  return h("li", {},
    h("a", { class: "book-link", href: libraryHref("podcast", podcast.id), dataset: { id: podcast.id } },
      coverArt(podcast.coverId, { sizes: "48px", seed: podcast.title || podcast.url, className: "book-cover" }),
      h("span", { class: "book-text" },
        h("span", { class: "book-title", text: podcast.title || podcast.url }),
        h("span", { class: ["small", podcast.lastError ? "warning-text" : "muted"], text: [podcast.author, plural(podcast.episodeCount, "episode"), feedState(podcast)].filter(Boolean).join(" · ") }))));
}

export function mountPodcasts(ctx, container) {
  const list = h("ul", { class: "book-list", id: "podcast-list" }, h("li", { class: "muted", text: "Loading…" }));
  const url = h("input", { type: "url", class: "text-input", id: "podcast-url", placeholder: "https://example.com/feed.xml", required: true, attrs: { "aria-label": "Feed URL" } });
  const subscribe = h("button", { class: "btn primary", type: "submit", text: "Subscribe" });
  const form = h("form", { class: "podcast-subscribe", id: "podcast-subscribe", onsubmit: async (event) => {
    event.preventDefault();
    subscribe.disabled = true;
    try {
      const podcast = await api.subscribe(url.value.trim());
      url.value = "";
      toast(`Subscribed to “${podcast.title || podcast.url}”`, "success");
      load();
    } catch (error) {
      toastError(error, "Subscribe");
    } finally {
      subscribe.disabled = false;
    }
  } }, url, subscribe);
  const file = h("input", { type: "file", accept: ".opml,.xml,text/xml,application/xml", hidden: true, onchange: () => importFile(file.files[0]) });
  const tools = h("div", { class: "book-actions" },
    h("button", { class: "btn small ghost", type: "button", onclick: () => file.click(), text: "Import OPML" }),
    h("a", { class: "btn small ghost", href: opmlUrl, download: "podcasts.opml", text: "Export OPML" }), file);
  container.append(h("div", { class: "detail-page" }, form, tools, list));

  async function importFile(chosen) {
    if (!chosen) return;
    try {
      const result = await api.importOPML(await chosen.text());
      const refused = result.refused.length ? `, ${formatCount(result.refused.length)} refused` : "";
      toast(`OPML: ${formatCount(result.added)} new, ${formatCount(result.alreadySubscribed)} already there${refused}`, result.refused.length ? "warning" : "success");
      load();
    } catch (error) {
      toastError(error, "Import OPML");
    } finally {
      file.value = "";
    }
  }

  function load() {
    api.podcasts().then((answer) => {
      const podcasts = answer?.podcasts || [];
      list.replaceChildren(...podcasts.map(podcastRow));
      if (!podcasts.length) list.append(h("li", { class: "muted", text: "No podcasts yet. Subscribe with a feed's address." }));
    }, (error) => toastError(error, "Podcasts"));
  }

  load();
  return {};
}

export function mountPodcast(ctx, container, route) {
  const { controls } = ctx;
  const head = h("div", { class: "book-head" }, h("p", { class: "muted", text: "Loading…" }));
  const episodes = h("ol", { class: "chapter-list", id: "podcast-episodes" });
  const more = h("button", { class: "btn small ghost", type: "button", hidden: true, text: "More episodes", onclick: () => loadEpisodes(shown.length) });
  container.append(h("div", { class: "detail-page" }, head, episodes, more));
  let podcast = null;
  let shown = [];
  let gone = false;
  let poll = null;

  async function load() {
    try {
      podcast = (await api.podcasts())?.podcasts?.find((p) => p.id === route.id);
    } catch (error) {
      return toastError(error, "Podcast");
    }
    if (!podcast) return head.replaceChildren(h("p", { class: "muted", text: "You are not subscribed to this podcast." }));
    renderHead();
    loadEpisodes(0);
  }

  async function loadEpisodes(offset) {
    try {
      const page = await api.episodes(podcast.id, { limit: PAGE, offset });
      shown = offset ? [...shown, ...page.items] : page.items;
      more.hidden = shown.length >= page.total;
      renderEpisodes();
    } catch (error) {
      toastError(error, "Episodes");
    }
    watchDownloads();
  }

  /** Looks again while an episode shown is on its way to the server. */
  function watchDownloads() {
    clearTimeout(poll);
    const pending = shown.some((e) => e.download === "queued" || e.download === "downloading");
    if (pending && !gone) poll = setTimeout(() => loadEpisodes(0), DOWNLOAD_POLL_MS);
  }

  async function download(episode) {
    try {
      await api.downloadEpisode(podcast.id, episode.guid);
      episode.download = "queued";
      renderEpisodes();
      watchDownloads();
    } catch (error) {
      toastError(error, "Download");
    }
  }

  function renderHead() {
    const refresh = h("button", { class: "btn", type: "button", id: "podcast-refresh", onclick: async () => {
      refresh.disabled = true;
      try {
        podcast = await api.refreshPodcast(podcast.id);
        if (podcast.lastError) toast(`Refresh failed: ${podcast.lastError}`, "warning");
        renderHead();
        loadEpisodes(0);
      } catch (error) {
        toastError(error, "Refresh");
        refresh.disabled = false;
      }
    } }, icon("refresh", { size: 16 }), h("span", { text: "Refresh" }));
    const unsubscribe = h("button", { class: "btn danger", type: "button", id: "podcast-unsubscribe", text: "Unsubscribe", onclick: async () => {
      if (!(await confirmDialog({ title: "Unsubscribe", message: `Unsubscribe from “${podcast.title || podcast.url}”? Your progress in its episodes is kept.`, confirmLabel: "Unsubscribe", danger: true }))) return;
      try {
        await api.unsubscribe(podcast.id);
        toast("Unsubscribed", "success");
        window.location.hash = libraryHref("podcasts");
      } catch (error) {
        toastError(error, "Unsubscribe");
      }
    } });
    const keep = h("select", { class: "text-input small", id: "podcast-keep", attrs: { "aria-label": "Episodes kept on this server" }, onchange: async () => {
      try {
        await api.setKeepLatest(podcast.id, Number(keep.value));
        podcast.keepLatest = Number(keep.value);
        toast(`The server keeps the newest ${plural(podcast.keepLatest, "episode")}`, "success");
        setTimeout(() => loadEpisodes(0), DOWNLOAD_POLL_MS);
      } catch (error) {
        toastError(error, "Keep");
      }
    } }, ...KEEP_CHOICES.map((n) => h("option", { value: String(n), text: `Keep ${plural(n, "episode")}` })));
    keep.value = String(podcast.keepLatest ?? 3);
    const pace = h("select", { class: "text-input small", id: "podcast-refresh-pace", attrs: { "aria-label": "How often the server checks this feed" }, onchange: async () => {
      try {
        await api.setRefreshMinutes(podcast.id, Number(pace.value));
        podcast.refreshMinutes = Number(pace.value) || undefined;
        toast(pace.selectedOptions[0].textContent, "success");
      } catch (error) {
        toastError(error, "Check");
      }
    } }, ...REFRESH_CHOICES.map(([minutes, label]) => h("option", { value: String(minutes), text: label })));
    // A pace set elsewhere (the API takes any from 5 minutes to a week) is shown as it is.
    if (podcast.refreshMinutes && !REFRESH_CHOICES.some(([minutes]) => minutes === podcast.refreshMinutes)) {
      pace.append(h("option", { value: String(podcast.refreshMinutes), text: `Check every ${plural(podcast.refreshMinutes, "minute")}` }));
    }
    pace.value = String(podcast.refreshMinutes ?? 0);
    head.replaceChildren(
      coverArt(podcast.coverId, { sizes: "160px", seed: podcast.title || podcast.url, className: "book-page-cover", iconSize: 40 }),
      h("h3", { class: "book-page-title", text: podcast.title || podcast.url }),
      h("p", { class: "muted", text: [podcast.author, plural(podcast.episodeCount, "episode")].filter(Boolean).join(" · ") }),
      podcast.lastError ? h("p", { class: "warning-text small", id: "podcast-error", text: `Last check failed: ${podcast.lastError}` }) : null,
      podcast.description ? h("p", { class: "podcast-description small", text: podcast.description }) : null,
      h("div", { class: "book-actions" }, refresh, keep, pace, unsubscribe));
  }

  /** Where to go on: where this device plays it, else the saved position (none once finished). */
  function resumeAt(episode) {
    const here = controls.playingSpoken();
    if (here?.kind === "episodes" && here.id === episode.url) return here.position;
    return episode.progress && !episode.progress.finished ? episode.progress.position : 0;
  }

  async function mark(episode, played) {
    try {
      episode.progress = played
        ? await api.reportProgress("episodes", episode.url, { position: episode.duration || episode.progress?.position || 0, finished: true, at: Date.now(), feed: podcast.url, guid: episode.guid })
        : await api.markNew("episodes", episode.url);
      renderEpisodes();
    } catch (error) {
      toastError(error, "Progress");
    }
  }

  function episodeRow(episode) {
    const at = resumeAt(episode);
    const state = progressText(episode.progress, episode.duration);
    const play = playable(episode)
      ? h("button", { class: "btn small", type: "button", dataset: { action: "play" }, onclick: () => controls.playEpisode(podcast, episode, resumeAt(episode)).then(renderEpisodes) },
        icon("play", { size: 14 }), h("span", { text: at > 0 ? `Resume at ${formatTime(at)}` : "Play" }))
      : h("span", { class: "muted small", title: "The publisher serves it over plain http, which this page does not load: use a podcast app.", text: "Podcast apps only" });
    const finished = !!episode.progress?.finished;
    const fetchable = !episode.download || episode.download === "failed";
    const copy = fetchable
      ? h("button", { class: "btn small ghost", type: "button", dataset: { action: "download" }, text: "Download", onclick: () => download(episode) })
      : null;
    // The server's copy, kept on this device too for listening offline.
    const offline = episode.streamUrl ? downloadButton(() => episodeDownload(podcast, episode), {}) : null;
    // A downloaded episode is a track: the room plays it for everyone, and moves each one's place in it.
    const together = episode.trackId
      ? h("button", { class: "btn small ghost", type: "button", dataset: { action: "room" }, title: "Add to the room's queue: everyone listening hears it, and keeps their place in it", onclick: () => controls.addToQueue([episode.trackId]) },
        icon("plus", { size: 14 }), h("span", { text: "Room" }))
      : null;
    // Chapters, when the feed names a chapters file: the server fetches it, a click plays from there.
    const chapterList = h("ol", { class: "episode-chapters", hidden: true });
    const chapters = episode.chaptersURL && playable(episode)
      ? h("button", { class: "btn small ghost", type: "button", dataset: { action: "chapters" }, text: "Chapters", onclick: () => toggleChapters(episode, chapterList) })
      : null;
    return h("li", { class: "episode", dataset: { guid: episode.guid, download: episode.download || "" } },
      h("span", { class: "book-text" },
        h("span", { class: ["book-title", finished ? "muted" : null], text: episode.title || "Episode" }),
        h("span", { class: "muted small", text: [episode.publishedAt ? new Date(episode.publishedAt).toLocaleDateString() : "", state, downloadText(episode)].filter(Boolean).join(" · ") })),
      h("span", { class: "book-actions" }, play, chapters, copy, offline, together,
        h("button", { class: "btn small ghost", type: "button", dataset: { action: "mark" }, text: finished ? "Mark new" : "Mark played", onclick: () => mark(episode, !finished) })),
      chapterList);
  }

  async function toggleChapters(episode, list) {
    if (!list.hidden) return void (list.hidden = true);
    list.hidden = false;
    list.replaceChildren(h("li", { class: "muted small", text: "Loading chapters…" }));
    try {
      const { chapters } = await api.episodeChapters(podcast.id, episode.guid);
      list.replaceChildren(...chapters.map((chapter) => h("li", {},
        h("button", { class: "chapter", type: "button", onclick: () => controls.playEpisode(podcast, episode, chapter.start).then(renderEpisodes) },
          h("span", { class: "chapter-title", text: chapter.title }), h("span", { class: "muted small", text: formatTime(chapter.start) })))));
      if (!chapters.length) list.replaceChildren(h("li", { class: "muted small", text: "No chapters." }));
    } catch (error) {
      list.replaceChildren(h("li", { class: "warning-text small", text: `Chapters could not be read: ${error.message}` }));
    }
  }

  function renderEpisodes() {
    episodes.replaceChildren(...shown.map(episodeRow));
    if (!shown.length) episodes.append(h("li", { class: "muted", text: "No episodes." }));
  }

  load();
  return { dispose: () => { gone = true; clearTimeout(poll); } };
}
