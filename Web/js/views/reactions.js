// Reactions to the playing track: a row of a few emoji; a click tells the room ("ana reacted 🔥
// to …" in everyone's activity line). The server takes only these (TrackReaction).
import { h } from "../dom.js";
import { store } from "../state.js";

export const REACTIONS = ["👍", "❤️", "😂", "🔥", "👏", "😮"];

/** The row; shown while a room (not a local preview) plays something. */
export function reactionBar(ctx, controls) {
  const bar = h("div", { class: "np-reactions", id: "np-reactions", attrs: { role: "group", "aria-label": "React to this track" } },
    REACTIONS.map((emoji) => h("button", {
      class: "icon-btn small np-reaction", type: "button", text: emoji, title: `React ${emoji}`,
      attrs: { "aria-label": `React ${emoji}` }, dataset: { emoji }, onclick: () => controls.react(emoji),
    })));
  const render = () => { bar.hidden = store.isLocal() || !store.get("room")?.track; };
  ctx.track(store.on("room", render));
  render();
  return bar;
}
