// Playlists: mine and shared, details, create/rename/delete, add/remove/reorder tracks, add to
// the queue or play next, share links (create/copy/revoke), and a shared link opened and copied.
import { api } from "../api.js";
import { copyField } from "../clipboard.js";
import { describe, findRun } from "../controls.js";
import { h } from "../dom.js";
import { enableDragReorder } from "../drag-reorder.js";
import { formatTime, plural, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { clearSharedRoute, shareLink } from "../routes.js";
import { showOwn } from "../track-annotations.js";
import { VirtualList } from "../virtual-list.js";
import { confirmDialog, customDialog, formDialog } from "./dialogs.js";
import { trackRating } from "./rating.js";
import { toast, toastError } from "./toasts.js";
import { tracksDownload } from "../download-plan.js";
import { downloadButton } from "./download-button.js";
import { batchButtons } from "./track-list.js";
import { bindTrackActions, trackActions, trackCells } from "./track-row.js";

const ROW_HEIGHT = 52;

export function mountPlaylists(ctx, pane) {
  const { store, controls } = ctx;
  const canCreate = store.can("create");
  let selected = null; // { playlist, token? } token set when opened from a share link
  let entries = [];

  const newButton = h("button", { class: "btn small", type: "button", id: "new-playlist", onclick: createPlaylist }, icon("plus", { size: 16 }), h("span", { text: "New playlist" }));
  newButton.hidden = !canCreate;
  const unavailable = h("p", { class: "pane-note", id: "playlists-unavailable", hidden: true, text: "Playlists are not available on this server yet." });
  const sidebar = h("div", { class: "pl-sidebar", id: "playlist-index" });
  const detail = h("div", { class: "pl-detail", id: "playlist-detail" });
  const body = h("div", { class: "pl-body" }, sidebar, detail);
  pane.append(h("div", { class: "pane-head" }, h("h2", { class: "pane-title", text: "Playlists" }), h("div", { class: "pane-actions" }, newButton)), unavailable, body);

  const list = new VirtualList({ rowHeight: ROW_HEIGHT, renderRow, className: "pl-tracks", label: "Playlist tracks", emptyText: "No tracks yet. Add some from the library." });
  const dragger = enableDragReorder(list, {
    rowSelector: ".pl-row",
    label: (i) => trackTitle(entries[i]),
    onMove: (from, to) => editTracks({ move: [from], to }),
  });
  ctx.track(() => dragger.dispose());

  bindTrackActions(ctx, list.el, { rowSelector: ".pl-row", trackAt: (i) => entries[i] });
  list.el.addEventListener("click", (event) => {
    const row = event.target.closest(".pl-row");
    if (row && event.target.closest("button[data-act='remove']")) editTracks({ remove: [Number(row.dataset.i)] });
  });

  function isMine(playlist) {
    return !selected?.token && store.mayEdit(playlist.ownerId);
  }

  function renderRow(track, index) {
    const editable = selected && isMine(selected.playlist);
    const row = h("div", { class: ["pl-row", track.available === false && "unavailable"], dataset: { i: index, id: track.id } });
    if (editable) row.append(h("button", { class: "grip", type: "button", title: "Drag to reorder (or focus and use ↑/↓)", attrs: { "aria-label": `Move ${trackTitle(track)}` } }, icon("grip", { size: 16 })));
    showOwn(store, track); // a playlist's tracks carry no annotations
    const [cover, main, time] = trackCells(track);
    row.append(
      h("span", { class: "q-num", text: String(index + 1) }),
      ...[cover, main, trackRating(ctx, track, trackTitle(track)), time].filter(Boolean));
    const actions = trackActions(ctx, track);
    if (editable) actions.append(h("button", { class: "icon-btn small", type: "button", dataset: { act: "remove" }, title: "Remove from playlist", attrs: { "aria-label": `Remove ${trackTitle(track)} from the playlist` } }, icon("close", { size: 14 })));
    row.append(actions);
    return row;
  }

  function resolveTracks(playlist) {
    const byId = store.get("tracksById");
    const extra = new Map((playlist.tracks || []).map((t) => [t.id, t]));
    return (playlist.trackIds || []).map((id) => byId.get(id) || extra.get(id) || { id, filename: "", title: "Unknown track", duration: 0, available: false });
  }

  // ---- index ----
  function renderIndex() {
    const data = store.get("playlists");
    unavailable.hidden = !data?.unavailable;
    body.hidden = !!data?.unavailable;
    newButton.hidden = !canCreate || !!data?.unavailable;
    if (!data || data.unavailable) return;
    const section = (title, items, emptyText, id) => h("section", { class: "pl-section", id },
      h("h3", { class: "pl-section-title", text: title }),
      items.length ? h("ul", { class: "pl-list" }, items.map((p) => h("li", {},
        h("button", { class: ["pl-item", selected?.playlist?.id === p.id && !selected?.token && "active"], type: "button", dataset: { id: p.id }, onclick: () => select(p.id) },
          h("span", { class: "pl-item-name", text: p.name }),
          h("span", { class: "pl-item-meta muted", text: `${plural((p.trackIds || []).length, "track")}${p.ownerName && !store.mayEdit(p.ownerId) ? ` · ${p.ownerName}` : ""}${p.shareToken ? " · shared" : ""}` }))))) : h("p", { class: "muted small", text: emptyText }));
    const parts = [];
    if (selected?.token) {
      parts.push(h("section", { class: "pl-section" }, h("h3", { class: "pl-section-title", text: "From a link" }),
        h("ul", { class: "pl-list" }, h("li", {}, h("button", { class: "pl-item active", type: "button" }, h("span", { class: "pl-item-name", text: selected.playlist.name }), h("span", { class: "pl-item-meta muted", text: selected.playlist.ownerName ? `by ${selected.playlist.ownerName}` : "shared" }))))));
    }
    parts.push(section("Mine", data.mine || [], canCreate ? "No playlists yet." : "Sign in to make playlists.", "playlists-mine"));
    parts.push(section("Shared with me", data.shared || [], "Nothing shared yet.", "playlists-shared"));
    sidebar.replaceChildren(...parts);
  }

  // ---- details ----
  async function select(id) {
    try {
      const playlist = await api.playlist(id);
      selected = { playlist };
      pane.classList.add("showing-detail");
      renderIndex();
      renderDetail();
    } catch (error) {
      toastError(error, "Playlist");
    }
  }

  async function openShared(token) {
    ctx.showTab?.("playlists");
    try {
      const playlist = await api.sharedPlaylist(token);
      // Opening (a GET) changes nothing on the server; listing it under "Shared with me" is asked for.
      if (store.can("create") && !store.mayEdit(playlist.ownerId)) {
        api.rememberSharedPlaylist(token).then(() => controls.refreshPlaylists(), () => {});
      }
      selected = { playlist, token };
      pane.classList.add("showing-detail");
      renderIndex();
      renderDetail();
    } catch (error) {
      toastError(error, error?.status === 404 ? "That share link is no longer valid" : "Shared playlist");
    } finally {
      clearSharedRoute();
    }
  }

  function renderDetail() {
    if (!selected) {
      detail.replaceChildren(h("div", { class: "pl-empty" }, icon("playlist", { size: 40 }), h("p", { class: "muted", text: "Choose a playlist to see its tracks." })));
      return;
    }
    const p = selected.playlist;
    entries = resolveTracks(p);
    const total = entries.reduce((s, t) => s + (t.duration || 0), 0);
    const mine = isMine(p);
    const buttons = batchButtons(ctx, () => entries, { idPrefix: "pl" });
    buttons.push(downloadButton(() => tracksDownload("playlist", p.id, p.name, plural(entries.length, "track"), entries), { id: "pl-download" }));
    if (selected.token && canCreate) {
      buttons.push(h("button", { class: "btn small primary", type: "button", id: "pl-copy-shared", onclick: copyShared }, icon("copy", { size: 16 }), h("span", { text: "Copy to my playlists" })));
    }
    if (mine) {
      buttons.push(
        h("button", { class: "btn small", type: "button", id: "pl-rename", onclick: rename }, icon("edit", { size: 16 }), h("span", { text: "Rename" })),
        h("button", { class: "btn small", type: "button", id: "pl-share", onclick: share }, icon("share", { size: 16 }), h("span", { text: p.shareToken ? "New link" : "Share" })),
        h("button", { class: "btn small danger", type: "button", id: "pl-delete", onclick: remove }, icon("trash", { size: 16 }), h("span", { text: "Delete" })));
    }
    const shareBox = mine && p.shareToken ? shareLinkBox(p.shareToken) : null;
    let publicToggle = null;
    if (mine) {
      const box = h("input", { type: "checkbox", id: "pl-public", checked: !!p.isPublic });
      box.addEventListener("change", async () => {
        try {
          await api.updatePlaylist(p.id, { isPublic: box.checked });
          toast(box.checked ? "Everyone on this server can now see it" : "Only you (and people with a link) can see it", "success");
        } catch (error) {
          toastError(error, "Visibility");
        }
        await reloadSelected();
      });
      publicToggle = h("label", { class: "check small pl-public" }, box, h("span", { text: "Public — listed for everyone on this server" }));
    }
    detail.replaceChildren(
      h("div", { class: "pl-head" },
        h("button", { class: "btn small ghost pl-back", type: "button", onclick: () => { pane.classList.remove("showing-detail"); } }, icon("back", { size: 16 }), h("span", { text: "All playlists" })),
        h("h3", { class: "pl-name", id: "pl-name", text: p.name }),
        h("p", { class: "muted", text: `${p.ownerName ? `by ${p.ownerName} · ` : ""}${plural(entries.length, "track")} · ${formatTime(total)}${p.isPublic ? " · public" : ""}` }),
        p.description ? h("p", { class: "pl-desc", text: p.description }) : null,
        h("div", { class: "pl-actions" }, buttons),
        publicToggle,
        shareBox),
      list.el);
    list.setItems(entries, { keepScroll: false });
  }

  function shareLinkBox(token) {
    const link = shareLink(token);
    // The whole link shows (wrapped), not a field's cut-off first half.
    const input = h("textarea", { class: "share-input", id: "pl-share-link", readOnly: true, rows: 2, value: link, attrs: { "aria-label": "Share link" } });
    return h("div", { class: "share-box" },
      icon("link", { size: 16 }), input,
      h("button", { class: "btn small", type: "button", id: "pl-copy-link", onclick: () => copyField(input, "Link copied") }, icon("copy", { size: 16 }), h("span", { text: "Copy" })),
      h("button", { class: "btn small ghost", type: "button", id: "pl-revoke", onclick: revoke, text: "Revoke" }));
  }

  async function reloadSelected() {
    if (!selected || selected.token) return;
    try {
      selected = { playlist: await api.playlist(selected.playlist.id) };
    } catch (error) {
      if (error?.status === 404) selected = null;
    }
    renderDetail();
    controls.refreshPlaylists();
  }

  async function editTracks(edit) {
    if (!selected) return;
    try {
      await api.editPlaylistTracks(selected.playlist.id, edit);
    } catch (error) {
      toastError(error, "Playlist");
    }
    await reloadSelected();
  }

  async function createPlaylist() {
    const values = await formDialog({ title: "New playlist", submitLabel: "Create", fields: [
      { name: "name", label: "Name", required: true, maxLength: 80, placeholder: "Road trip" },
      { name: "description", label: "Description", multiline: true, maxLength: 500, placeholder: "Optional" },
    ] });
    if (!values) return;
    try {
      const playlist = await api.createPlaylist(values.name, values.description);
      await controls.refreshPlaylists();
      if (playlist?.id) select(playlist.id);
      toast(`Playlist “${values.name}” created`, "success");
    } catch (error) {
      toastError(error, "New playlist");
    }
  }

  async function rename() {
    const p = selected.playlist;
    const values = await formDialog({ title: "Rename playlist", fields: [
      { name: "name", label: "Name", value: p.name, required: true, maxLength: 80 },
      { name: "description", label: "Description", value: p.description, multiline: true, maxLength: 500 },
    ] });
    if (!values) return;
    try {
      await api.updatePlaylist(p.id, values);
    } catch (error) {
      toastError(error, "Rename");
    }
    await reloadSelected();
  }

  async function remove() {
    const p = selected.playlist;
    if (!(await confirmDialog({ title: `Delete “${p.name}”?`, message: "The playlist and its share link go away. The tracks stay in the library.", confirmLabel: "Delete", danger: true }))) return;
    try {
      await api.deletePlaylist(p.id);
      selected = null;
      pane.classList.remove("showing-detail");
      await controls.refreshPlaylists();
      renderDetail();
      toast("Playlist deleted", "success");
    } catch (error) {
      toastError(error, "Delete");
    }
  }

  async function share() {
    try {
      await api.sharePlaylist(selected.playlist.id);
      await reloadSelected();
      toast("Share link ready", "success");
    } catch (error) {
      toastError(error, "Share");
    }
  }

  async function revoke() {
    if (!(await confirmDialog({ title: "Revoke the share link?", message: "People who have it will no longer be able to open it.", confirmLabel: "Revoke", danger: true }))) return;
    try {
      await api.unsharePlaylist(selected.playlist.id);
    } catch (error) {
      toastError(error, "Revoke");
    }
    await reloadSelected();
  }

  async function copyShared() {
    try {
      const copy = await api.copySharedPlaylist(selected.token);
      toast(`Copied “${copy?.name || selected.playlist.name}” to your playlists`, "success");
      await controls.refreshPlaylists();
      if (copy?.id) await select(copy.id);
    } catch (error) {
      toastError(error, "Copy");
    }
  }

  ctx.track(store.on("playlists", renderIndex));
  ctx.track(store.on("library", () => selected && renderDetail()));
  ctx.track(store.on("trackAnnotations", () => list.refresh()));
  ctx.track(store.listen("open-shared", openShared));
  ctx.track(store.listen("playlist-changed", (id) => { if (selected?.playlist?.id === id) reloadSelected(); }));
  renderIndex();
  renderDetail();
}

/** "Add to playlist" from anywhere: pick one of mine or make a new one. */
export async function addToPlaylistDialog(ctx, trackIds) {
  const { store, controls } = ctx;
  const mine = store.get("playlists")?.mine || [];
  const changed = (playlist) => {
    store.emit("playlist-changed", playlist.id);
    controls.refreshPlaylists();
  };
  // Undo takes out the entries this add appended, if they are still where they went.
  const undo = async (playlist, start) => {
    try {
      const now = await api.playlist(playlist.id);
      const positions = findRun(now.trackIds || [], trackIds, start);
      if (!positions) return toast(`“${playlist.name}” has changed: those tracks are no longer there`, "warning");
      await api.editPlaylistTracks(playlist.id, { remove: positions });
      toast(`Removed ${describe(trackIds)} from “${playlist.name}”`, "info");
      changed(playlist);
    } catch (error) {
      toastError(error, "Undo");
    }
  };
  const add = async (playlist) => {
    try {
      const updated = await api.editPlaylistTracks(playlist.id, { add: trackIds });
      const start = (updated?.trackIds || []).length - trackIds.length;
      toast(`Added ${describe(trackIds)} to “${playlist.name}”`, "success", { action: { label: "Undo", run: () => undo(playlist, start) } });
      changed(playlist);
    } catch (error) {
      toastError(error, "Add to playlist");
    }
  };
  const choice = await customDialog({
    title: "Add to playlist",
    content: (finish) => {
      const name = h("input", { type: "text", placeholder: "New playlist name", maxLength: 80, attrs: { "aria-label": "New playlist name" } });
      const form = h("form", { class: "inline-form", onsubmit: (e) => { e.preventDefault(); if (name.value.trim()) finish({ create: name.value.trim() }); } },
        name, h("button", { class: "btn small primary", type: "submit", text: "Create & add" }));
      return h("div", { class: "pick-list" },
        mine.length ? h("ul", { class: "pl-list" }, mine.map((p) => h("li", {}, h("button", { class: "pl-item", type: "button", onclick: () => finish({ playlist: p }) }, h("span", { class: "pl-item-name", text: p.name }), h("span", { class: "pl-item-meta muted", text: plural((p.trackIds || []).length, "track") }))))) : h("p", { class: "muted", text: "You have no playlists yet." }),
        form);
    },
  });
  if (!choice) return;
  if (choice.playlist) return add(choice.playlist);
  try {
    const playlist = await api.createPlaylist(choice.create, "");
    if (playlist?.id) await add(playlist);
  } catch (error) {
    toastError(error, "New playlist");
  }
}
