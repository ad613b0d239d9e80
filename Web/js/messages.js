// What the room socket says, applied to the app.
import { createActivityToasts } from "./activity-toasts.js";
import { rememberChannel } from "./prefs.js";
import { store } from "./state.js";
import { toast } from "./views/toasts.js";

const activityToasts = createActivityToasts((text) => toast(text, "info"));

export function handleSocketMessage(ctx, data) {
  if (!data || typeof data !== "object") return;
  switch (data.type) {
    case undefined:
    case null:
      return applyState(ctx, data);
    case "channel_list":
      if (Array.isArray(data.channels)) store.set({ channels: data.channels });
      return;
    case "switched":
      if (typeof data.channelId === "string") {
        store.set({ channelId: data.channelId });
        rememberChannel(data.channelId);
      }
      return;
    case "kick":
      return ctx.kicked(data.reason || "Signed out by another session");
    case "toast":
      toast(data.message, ["info", "success", "warning", "error"].includes(data.toastType) ? data.toastType : "info");
      return;
    case "library_changed":
      ctx.controls.refreshLibrary();
      return;
    case "error":
      toast(data.message || "The server refused that", "error");
      return;
    case "activity":
      // Who changed the room: shown as text in the now-playing activity line and, when someone
      // else did, in a toast that gathers what came close together.
      if (typeof data.message !== "string") return;
      store.set({ activity: data.message });
      if (data.actor !== store.get("user")?.username) activityToasts.add(data.message);
      return;
    case "chat_history":
      // On joining a room: its latest messages, oldest first.
      if (Array.isArray(data.messages)) store.set({ chat: data.messages.filter(isChatMessage) });
      return;
    case "chat":
      if (isChatMessage(data.message)) store.set({ chat: [...(store.get("chat") || []), data.message].slice(-CHAT_KEPT) });
      return;
    case "chat_deleted":
      store.set({ chat: (store.get("chat") || []).filter((message) => message.id !== data.messageId) });
      return;
    case "scan_progress":
      store.set({ scan: { scanning: !!data.scanning, processed: data.processed || 0, total: data.total || 0 } });
      if (!data.scanning) ctx.controls.refreshLibrary();
      return;
    default:
      if (typeof data.type === "string" && data.type.startsWith("fetch_")) {
        ctx.controls.updateFetchJob(data);
        if (data.type === "fetch_complete") {
          ctx.controls.refreshLibrary();
          if (data.playlistId) ctx.controls.refreshPlaylists();
        }
      }
  }
}

/** As many messages as a room keeps. */
const CHAT_KEPT = 100;

function isChatMessage(message) {
  return !!message && typeof message.id === "string" && typeof message.text === "string" && typeof message.username === "string";
}

function applyState(ctx, state) {
  if (typeof state.channelId !== "string") return;
  if (!ctx.sync.accept(state)) return; // older than what we applied
  const patch = { room: state };
  // The queue comes on connect, after edits and every 30 s; otherwise keep the last one.
  if (Array.isArray(state.queue)) patch.queue = state.queue;
  else if (store.get("room")?.channelId !== state.channelId) patch.queue = [];
  if (store.get("channelId") !== state.channelId) {
    patch.channelId = state.channelId;
    rememberChannel(state.channelId);
  }
  store.set(patch);
  ctx.controls.prefetchNext();
}

