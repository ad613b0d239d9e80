// Copying text: the Clipboard API where the page may use it, else the text is selected in a field
// for the old copy command (plain http on a LAN address is not a secure context).
import { toast } from "./views/toasts.js";

/** Copies `text`; `field`, when given, is the input showing it (selected in the fallback, and
 * left selected when nothing could copy it, for the person to copy themselves). Says which. */
export async function copyText(text, message, field = null) {
  let copied = true;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const input = field || Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    if (!field) document.body.append(input);
    input.select();
    try { copied = document.execCommand?.("copy") === true; } catch { copied = false; }
    if (!field) input.remove();
  }
  if (copied) toast(message, "success");
  else toast(field ? "Could not copy: the link is selected, copy it with Ctrl+C (⌘C)" : "Could not copy to the clipboard", "error");
  return copied;
}

export function copyField(input, message) {
  return copyText(input.value, message, input);
}
