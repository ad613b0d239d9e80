// Private rooms from the web app's side: an invite link's token is kept (prefs) and checked with
// the server before the socket goes there, so a stale link says so instead of reconnecting for ever.
import { api } from "./api.js";
import { inviteFor, rememberInvite } from "./prefs.js";
import { toast } from "./views/toasts.js";

export const STALE_INVITE = "That room is private and the invite link no longer lets you in";

/**
 * Whether this person may go into room `id` (with the invite token kept for it, if any). A link
 * the server refuses is forgotten and said; true when the server cannot be asked (it decides
 * again when the socket connects).
 */
export async function mayEnterRoom(id) {
  try {
    await api.channel(id, inviteFor(id));
    return true;
  } catch (error) {
    if (error.status !== 404) return error.status === 0;
    rememberInvite(id, null);
    toast(STALE_INVITE, "warning");
    return false;
  }
}
