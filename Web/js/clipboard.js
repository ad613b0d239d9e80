// Copying text: the Clipboard API where the page may use it, else the text is selected in a field
// for the old copy command (plain http on a LAN address is not a secure context).
import { toast } from "./views/toasts.js";

/** Copies `text`; `field`, when given, is the input showing it (selected in the fallback). */
export async function copyText(text, message, field = null) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const input = field || Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    if (!field) document.body.append(input);
    input.select();
    document.execCommand?.("copy");
    if (!field) input.remove();
  }
  toast(message, "success");
}

export function copyField(input, message) {
  return copyText(input.value, message, input);
}
