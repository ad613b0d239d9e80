// The phone's mini player above the tabs (hidden on the "Playing" tab and on a desktop).
import { h } from "../dom.js";
import { trackSubtitle, trackTitle } from "../format.js";
import { icon } from "../icons.js";

export function mountMiniPlayer(ctx, openPlaying) {
  const { store, player, controls } = ctx;
  const title = h("span", { class: "mini-title", text: "Nothing playing" });
  const subtitle = h("span", { class: "mini-subtitle" });
  const progress = h("div", { class: "mini-progress" });
  const play = h("button", { class: "icon-btn", type: "button", attrs: { "aria-label": "Play or pause" }, onclick: (e) => { e.stopPropagation(); controls.togglePlay(); } }, icon("play"));
  play.hidden = !store.can("control");
  const bar = h("div", { class: "mini-player", role: "button", tabIndex: 0, onclick: openPlaying },
    h("div", { class: "mini-text" }, title, subtitle), play, progress);

  function render() {
    const t = store.currentTrack();
    const local = store.isLocal();
    title.textContent = t ? trackTitle(t) : "Nothing playing";
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
