import { store } from "./state.js";

// Why the room's control mode keeps this person from controlling it (state.canControl false).
export function controlModeReason(state) {
  if (store.get("user")?.isGuest) return "Guests listen only.";
  if (state?.controlMode === "djs") return "Only the room's DJs can control it.";
  if (state?.controlMode === "owner") return "Only the room's owner can control it.";
  return "You cannot control this room.";
}
