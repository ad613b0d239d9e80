// Connection honesty: once the room's socket has been down for a moment (a blip does not flash
// a banner), a banner under the top bar says so — offline, or when the next try is — and offers
// to try now; it goes when the socket is back. Meanwhile the page keeps to the room's clock as
// it last knew it.
import { h } from "../dom.js";

const SHOW_AFTER_MS = 1500;
const DOWN = new Set(["connecting", "reconnecting"]);

export function mountConnectionBanner(ctx) {
  const { store } = ctx;
  const text = h("span", { class: "banner-text", id: "connection-text" });
  const retry = h("button", { class: "btn small", type: "button", id: "connection-retry", text: "Try now", onclick: () => ctx.socket.reconnectNow() });
  const banner = h("div", { class: "banner banner-offline connection-banner", id: "connection-banner", hidden: true, attrs: { role: "status" } }, text, retry);
  let downSince = null;
  let retryAt = null;
  let ticker = null;

  const render = () => {
    const status = store.get("connection");
    const down = DOWN.has(status?.state);
    if (!down) {
      downSince = null;
      banner.hidden = true;
      clearInterval(ticker);
      ticker = null;
      return;
    }
    const now = Date.now();
    downSince ??= now;
    if (now - downSince < SHOW_AFTER_MS) {
      ticker ??= setInterval(render, 500);
      return;
    }
    ticker ??= setInterval(render, 500);
    const seconds = retryAt ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : 0;
    text.textContent = !navigator.onLine
      ? "You are offline. Playback goes on from what is loaded; the room catches up when you are back."
      : status.state === "connecting" || seconds === 0
      ? "Connecting to the server…"
      : `The connection to the server was lost. Trying again in ${seconds} s.`;
    retry.hidden = status.state === "connecting";
    banner.hidden = false;
  };
  const onStatus = (status) => {
    retryAt = status?.state === "reconnecting" && status.retryIn ? Date.now() + status.retryIn : null;
    render();
  };
  const onNetwork = () => {
    if (navigator.onLine) ctx.socket.reconnectNow();
    render();
  };
  ctx.track(store.on("connection", onStatus));
  window.addEventListener("online", onNetwork);
  window.addEventListener("offline", onNetwork);
  ctx.track(() => {
    window.removeEventListener("online", onNetwork);
    window.removeEventListener("offline", onNetwork);
    clearInterval(ticker);
  });
  onStatus(store.get("connection"));
  return banner;
}
