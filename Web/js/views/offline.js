// Offline: the server cannot be reached and this device has downloads. What was saved plays here,
// one item after another, from the kept files (nothing else needs the server); the page keeps
// asking for the server and, once it answers, opens the app — at once when nothing plays, on a
// click when something does, so the music is not cut.
import { cache } from "../cache.js";
import { downloads } from "../downloads.js";
import { h } from "../dom.js";
import { formatTime } from "../format.js";
import { icon } from "../icons.js";

/** Shows the offline player when something is saved; returns its handle, or null. */
export async function mountOffline(root, audio) {
  const saved = (await downloads.summaries()).filter((entry) => entry.kept > 0);
  if (!saved.length) return null;
  const kept = new Set((await cache.entries()).map((entry) => entry.id));
  let queue = [];
  let index = -1;

  const nowTitle = h("strong", { class: "offline-title", id: "offline-now", text: "Nothing playing" });
  const nowSub = h("span", { class: "muted small", text: "Choose something saved below." });
  const time = h("span", { class: "muted small offline-time", id: "offline-time", text: "" });
  const seek = h("input", { type: "range", id: "offline-seek", min: 0, max: 0, step: 1, value: 0, attrs: { "aria-label": "Position" } });
  const toggle = h("button", { class: "btn primary", type: "button", id: "offline-toggle", disabled: true, attrs: { "aria-label": "Play" } }, icon("play", { size: 18 }));
  const previous = h("button", { class: "btn", type: "button", id: "offline-previous", attrs: { "aria-label": "Previous" } }, icon("prev", { size: 18 }));
  const next = h("button", { class: "btn", type: "button", id: "offline-next", attrs: { "aria-label": "Next" } }, icon("next", { size: 18 }));
  const status = h("p", { class: "muted small", id: "offline-status", attrs: { "aria-live": "polite" }, text: "Trying the server again now and then…" });

  async function play(items, at) {
    queue = items;
    index = at;
    const item = queue[index];
    const url = await cache.objectUrl(item.key);
    if (!url) return;
    cache.pin(url);
    audio.src = url;
    nowTitle.textContent = item.title;
    nowSub.textContent = [item.artist, item.album].filter(Boolean).join(" · ");
    toggle.disabled = false;
    if ("mediaSession" in navigator && globalThis.MediaMetadata) {
      navigator.mediaSession.metadata = new MediaMetadata({ title: item.title, artist: item.artist, album: item.album });
    }
    await audio.play().catch(() => {});
  }
  const step = (by) => { if (queue[index + by]) play(queue, index + by); };

  toggle.addEventListener("click", () => (audio.paused ? audio.play().catch(() => {}) : audio.pause()));
  previous.addEventListener("click", () => (audio.currentTime > 3 ? (audio.currentTime = 0) : step(-1)));
  next.addEventListener("click", () => step(1));
  seek.addEventListener("input", () => { audio.currentTime = Number(seek.value); });
  const onTime = () => {
    seek.max = String(Math.floor(audio.duration || 0));
    seek.value = String(Math.floor(audio.currentTime || 0));
    time.textContent = `${formatTime(audio.currentTime || 0)} / ${formatTime(audio.duration || 0)}`;
  };
  const onPlayState = () => {
    toggle.replaceChildren(icon(audio.paused ? "play" : "pause", { size: 18 }));
    toggle.setAttribute("aria-label", audio.paused ? "Play" : "Pause");
  };
  const onEnded = () => step(1);
  const events = [["timeupdate", onTime], ["durationchange", onTime], ["play", onPlayState], ["pause", onPlayState], ["ended", onEnded]];
  for (const [name, fn] of events) audio.addEventListener(name, fn);
  if ("mediaSession" in navigator) {
    navigator.mediaSession.setActionHandler?.("nexttrack", () => step(1));
    navigator.mediaSession.setActionHandler?.("previoustrack", () => step(-1));
  }

  const sections = saved.map(({ download, kept: count, items }) => {
    const playable = download.items.filter((item) => kept.has(item.key));
    return h("section", { class: "offline-download", dataset: { key: download.key } },
      h("h3", { class: "offline-name" }, download.name, h("span", { class: "muted small", text: ` · ${download.subtitle}${count < items ? ` · ${count} of ${items} saved` : ""}` })),
      h("ol", { class: "offline-items" }, playable.map((item, at) => h("li", {},
        h("button", { class: "offline-item", type: "button", onclick: () => play(playable, at) },
          h("span", { class: "offline-item-title", text: item.title }),
          h("span", { class: "muted small", text: item.duration ? formatTime(item.duration) : "" }))))));
  });

  const screen = h("main", { class: "offline-screen", id: "offline" },
    h("h1", { text: "Offline" }),
    h("p", { text: "The server cannot be reached. What you saved on this device plays here." }),
    status,
    h("div", { class: "offline-player" }, h("div", { class: "offline-now" }, nowTitle, nowSub), h("div", { class: "offline-controls" }, previous, toggle, next), seek, time),
    sections);
  root.replaceChildren(screen);

  return {
    /** The server answers again: true when the app may open now (nothing plays), else the page
     *  offers it and false. */
    serverBack() {
      if (audio.paused) {
        dispose();
        return true;
      }
      status.replaceChildren("The server is back. ",
        h("button", { class: "btn small", type: "button", id: "offline-open-app", text: "Open Blastoise", onclick: () => window.location.reload() }));
      return false;
    },
  };

  function dispose() {
    for (const [name, fn] of events) audio.removeEventListener(name, fn);
    audio.pause();
    audio.removeAttribute("src");
    audio.load();
    cache.pin(null);
  }
}
