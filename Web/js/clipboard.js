// Copying a field's text: the Clipboard API where the page may use it, else the field's text is
// selected for the old copy command (plain http on a LAN address is not a secure context).
import { toast } from "./views/toasts.js";

export async function copyField(input, message) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand?.("copy");
  }
  toast(message, "success");
}
