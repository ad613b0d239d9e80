// The phone's mini player above the tabs (hidden on the "Playing" tab and on a desktop).
import { h } from "../dom.js";
import { trackSubtitle, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { coverArt, setCover } from "../covers.js";

export function mountMiniPlayer(ctx, openPlaying) {
  const { store, player, controls } = ctx;
  const title = h("span", { class: "mini-title", text: "Nothing playing" });
  const subtitle = h("span", { class: "mini-subtitle" });
  const progress = h("div", { class: "mini-progress" });
  const play = h("button", { class: "icon-btn", type: "button", attrs: { "aria-label": "Play or pause" }, onclick: (e) => { e.stopPropagation(); controls.togglePlay(); } }, icon("play"));
  play.hidden = !store.can("control");
  const cover = coverArt(null, { sizes: "40px", className: "mini-cover" });
  const bar = h("div", { class: "mini-player", role: "button", tabIndex: 0, id: "mini-player", onclick: openPlaying,
    onkeydown: (e) => { if ((e.key === "Enter" || e.key === " ") && e.target === bar) { e.preventDefault(); openPlaying(); } } },
    cover, h("div", { class: "mini-text" }, title, subtitle), play, progress);

  function render() {
    const t = store.currentTrack();
    const local = store.isLocal();
    title.textContent = t ? trackTitle(t) : "Nothing playing";
    setCover(cover, t?.coverId || null, { sizes: "40px", seed: t ? t.album || t.artist || t.id : "" });
    subtitle.textContent = local ? "Playing locally — not synced" : t ? trackSubtitle(t) : "";
    bar.classList.toggle("is-local", local);
    play.hidden = !(store.can("control") || local);
  }
  function tick() {
    const t = store.currentTrack();
    const local = store.isLocal();
    const position = local ? player.position : ctx.sync.target();
    progress.style.width = `${t?.duration ? Math.min(100, (position / t.duration) * 100) : 0}%`;
    const playing = local ? !player.audio.paused : !!(store.get("room")?.track && !store.get("room").paused);
    if (play.dataset.state !== String(playing)) {
      play.dataset.state = String(playing);
      play.replaceChildren(icon(playing ? "pause" : "play"));
    }
  }
  ctx.track(store.on("room", render));
  ctx.track(store.on("playback", render));
  const timer = setInterval(tick, 500);
  ctx.track(() => clearInterval(timer));
  render();
  return bar;
}
