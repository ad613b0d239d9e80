// Rooms: who listens where and what plays there, join/switch, and create/rename/delete for owners.
import { coverArt } from "../covers.js";
import { h } from "../dom.js";
import { plural, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { confirmDialog, formDialog } from "./dialogs.js";
import { openRoomInvite } from "./room-invite.js";

/** The card's line for what the room plays (servers before it was on the room list send none). */
function nowPlaying(room) {
  const track = room.nowPlaying;
  const text = [trackTitle(track), track.artist].filter(Boolean).join(" — ") + (room.paused ? " (paused)" : "");
  return h("span", { class: "room-playing" },
    coverArt(track.coverId, { sizes: "20px", seed: track.album || track.id, className: "room-playing-cover", iconSize: 12 }),
    h("span", { class: "room-playing-text", text }));
}

export function mountRooms(ctx, pane) {
  const { store, controls } = ctx;
  const list = h("ul", { class: "room-list", id: "room-list" });
  const createButton = h("button", { class: "btn small", type: "button", id: "new-room", onclick: createRoom }, icon("plus", { size: 16 }), h("span", { text: "New room" }));
  createButton.hidden = !store.can("create");
  pane.append(h("div", { class: "pane-head" }, h("h2", { class: "pane-title", text: "Rooms" }), createButton), list);

  async function createRoom() {
    const values = await formDialog({
      title: "New room", submitLabel: "Create",
      fields: [
        { name: "name", label: "Name", required: true, maxLength: 80, placeholder: "Friday night" },
        { name: "description", label: "Description", multiline: true, maxLength: 500, placeholder: "Optional" },
      ],
    });
    if (values) await controls.createRoom(values.name, values.description);
  }

  async function renameRoom(room) {
    const values = await formDialog({
      title: "Rename room", submitLabel: "Save",
      fields: [
        { name: "name", label: "Name", value: room.name, required: true, maxLength: 80 },
        { name: "description", label: "Description", value: room.description, multiline: true, maxLength: 500 },
      ],
    });
    if (values) await controls.renameRoom(room.id, values);
  }

  // Control mode and DJs (user IDs), the owner's or an admin's. The list carries neither, so the
  // playing room's state gives the current values; another room's start as "keep".
  async function roomSettings(room) {
    const state = store.get("room")?.channelId === room.id ? store.get("room") : null;
    const djs = (state?.djs || []).join(", ");
    const values = await formDialog({
      title: `Who controls “${room.name}”`, submitLabel: "Save",
      fields: [
        { name: "controlMode", label: "Control", value: state?.controlMode || "", choices: [
          ...(state ? [] : [["", "Keep as it is"]]),
          ["everyone", "Everyone"], ["djs", "DJs and the owner"], ["owner", "The owner only"]] },
        { name: "djs", label: "DJs (user IDs, comma-separated)", value: djs, placeholder: "e.g. 4, 7" },
      ],
    });
    if (!values) return;
    const fields = {};
    if (values.controlMode) fields.controlMode = values.controlMode;
    if (values.djs.trim() !== djs) fields.djs = values.djs.split(/[\s,]+/).filter(Boolean).map(Number);
    if (Object.keys(fields).length) await controls.renameRoom(room.id, fields);
  }

  async function deleteRoom(room) {
    const ok = await confirmDialog({ title: `Delete “${room.name}”?`, message: "Its queue is lost; people listening move to the main room.", confirmLabel: "Delete", danger: true });
    if (ok) await controls.deleteRoom(room.id);
  }

  function render() {
    const current = store.get("channelId");
    const local = store.isLocal();
    const items = store.get("channels").map((room) => {
      const active = room.id === current;
      const names = room.listeners || [];
      const shown = names.slice(0, 4).join(", ") + (names.length > 4 ? ` +${names.length - 4}` : "");
      const actions = [
        h("button", { class: "icon-btn small room-invite", type: "button", title: "Invite", attrs: { "aria-label": `Invite to ${room.name}` }, onclick: (e) => { e.stopPropagation(); openRoomInvite(ctx, room); } }, icon("link", { size: 16 })),
      ];
      if (store.mayEdit(room.createdBy) || (room.isDefault && store.get("user")?.isAdmin)) {
        actions.push(h("button", { class: "icon-btn small", type: "button", title: "Who controls", attrs: { "aria-label": `Who controls ${room.name}` }, onclick: (e) => { e.stopPropagation(); roomSettings(room); } }, icon("user", { size: 16 })));
      }
      if (!room.isDefault && store.mayEdit(room.createdBy)) {
        actions.push(
          h("button", { class: "icon-btn small", type: "button", title: "Rename", attrs: { "aria-label": `Rename ${room.name}` }, onclick: (e) => { e.stopPropagation(); renameRoom(room); } }, icon("edit", { size: 16 })),
          h("button", { class: "icon-btn small danger", type: "button", title: "Delete", attrs: { "aria-label": `Delete ${room.name}` }, onclick: (e) => { e.stopPropagation(); deleteRoom(room); } }, icon("trash", { size: 16 })));
      } else if (store.mayEdit(room.createdBy) || (room.isDefault && store.get("user")?.isAdmin)) {
        actions.push(h("button", { class: "icon-btn small", type: "button", title: "Rename", attrs: { "aria-label": `Rename ${room.name}` }, onclick: (e) => { e.stopPropagation(); renameRoom(room); } }, icon("edit", { size: 16 })));
      }
      return h("li", { class: ["room", active && "active", active && local && "away"], dataset: { id: room.id } },
        h("button", { class: "room-main", type: "button", attrs: { "aria-current": active ? "true" : "false" }, onclick: () => { controls.switchRoom(room.id); ctx.showTab?.("playing"); } },
          h("span", { class: "room-line" },
            h("span", { class: "room-title", text: room.name }),
            room.isDefault ? h("span", { class: "badge", text: "main" }) : null,
            room.isPrivate ? h("span", { class: "badge badge-accent room-private", text: "private" }) : null,
            active && local ? h("span", { class: "badge badge-local", text: "away" }) : null),
          room.description ? h("span", { class: "room-desc", text: room.description }) : null,
          room.nowPlaying ? nowPlaying(room) : null,
          h("span", { class: "room-meta" },
            h("span", { class: "listeners", text: `${plural(room.listenerCount || 0, "listener")}` }),
            h("span", { class: "dot-sep", text: "·" }),
            h("span", { text: plural(room.trackCount || 0, "track") })),
          shown ? h("span", { class: "room-people", text: shown }) : null),
        h("span", { class: "room-actions" }, actions));
    });
    list.replaceChildren(...items);
    if (!items.length) list.append(h("li", { class: "empty", text: "No rooms yet." }));
  }

  ctx.track(store.on("channels", render));
  ctx.track(store.on("channelId", render));
  ctx.track(store.on("playback", render));
  render();
}
