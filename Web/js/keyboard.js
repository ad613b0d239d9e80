// Keyboard shortcuts: Space play/pause, ←/→ seek ∓5 s, Shift+←/→ (or P/N) previous/next,
// M mute, / focus the library search. Ignored while typing in a field or a dialog is open.

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
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
