// Keyboard shortcuts: Space play/pause, ←/→ seek ∓5 s, Shift+←/→ (or P/N) previous/next,
// M mute, / focus the library search, ? the sheet that lists them. Ignored while typing in a
// field or a dialog is open.
import { h } from "./dom.js";
import { customDialog } from "./views/dialogs.js";

/** What the "?" sheet lists: [keys, what they do]. */
export const SHORTCUTS = Object.freeze([
  ["Space or K", "Play or pause"],
  ["← / →", "Back or forward 5 seconds"],
  ["Shift + ← / →, or P / N", "Previous or next track"],
  ["M", "Mute or unmute"],
  ["/", "Search the library"],
  ["?", "This list"],
  ["Esc", "Close a menu or dialog"],
  ["Tab, first", "Skip to the content"],
]);

function showShortcuts() {
  return customDialog({
    title: "Keyboard shortcuts",
    content: () => h("dl", { class: "diag-facts", id: "shortcuts" },
      SHORTCUTS.flatMap(([keys, what]) => [h("dt", {}, h("kbd", { text: keys })), h("dd", { text: what })])),
  });
}

function typing(target) {
  if (!(target instanceof Element)) return false;
  if (target.closest("dialog[open]")) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return true;
  if (tag === "INPUT") return !["range", "checkbox", "radio", "button"].includes(target.type);
  return false;
}

export function installKeyboard(ctx) {
  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target)) return;
    const c = ctx.controls;
    let handled = true;
    switch (event.key) {
      case " ":
      case "k":
        if (event.target instanceof HTMLButtonElement) return; // Space on a button presses it
        c.togglePlay();
        break;
      case "ArrowLeft":
        if (event.shiftKey) c.previous(); else c.seekBy(-5);
        break;
      case "ArrowRight":
        if (event.shiftKey) c.next(); else c.seekBy(5);
        break;
      case "p":
      case "P":
        c.previous();
        break;
      case "n":
      case "N":
        c.next();
        break;
      case "m":
      case "M":
        ctx.player.toggleMute();
        break;
      case "/":
        document.querySelector("#library-search")?.focus();
        break;
      case "?":
        showShortcuts();
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
