// A room's invite: its link (a private room's carries the token) with Copy and a QR code to scan
// from a phone; for its owner or an admin, whether the room is private and a new link that
// revokes the old one.
import { api } from "../api.js";
import { copyField } from "../clipboard.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { inviteFor } from "../prefs.js";
import { qrSvg } from "../qr.js";
import { roomLink } from "../routes.js";
import { customDialog, confirmDialog } from "./dialogs.js";
import { toastError } from "./toasts.js";

/** The token a private room's link needs: its state gives it to members; else the one kept. */
async function inviteToken(room) {
  if (!room.isPrivate) return null;
  try {
    return (await api.channel(room.id, inviteFor(room.id))).inviteToken || inviteFor(room.id);
  } catch {
    return inviteFor(room.id);
  }
}

export async function openRoomInvite(ctx, room) {
  const { store } = ctx;
  const mayManage = !room.isDefault && store.mayEdit(room.createdBy);
  let current = { isPrivate: !!room.isPrivate, token: await inviteToken(room) };

  await customDialog({
    title: `Invite to “${room.name}”`,
    content: () => {
      const body = h("div", { class: "invite-body", id: "invite-dialog" });
      const render = () => {
        const unknown = current.isPrivate && !current.token;
        const link = unknown ? "" : roomLink(room.id, current.token);
        const input = h("input", { type: "text", class: "share-input", id: "invite-link", readOnly: true, value: link, attrs: { "aria-label": "Invite link" } });
        const parts = [
          h("p", { class: "muted small", id: "invite-who", text: current.isPrivate
            ? "Private: only people with this link (and the room's DJs) can join."
            : "Anyone on this server can join; the link takes them straight in." }),
        ];
        if (unknown) parts.push(h("p", { class: "muted small", text: "Only the room's owner, its DJs and admins can see a private room's link." }));
        else {
          parts.push(
            h("div", { class: "share-box" }, icon("link", { size: 16 }), input,
              h("button", { class: "btn small", type: "button", id: "invite-copy", onclick: () => copyField(input, `Invite link to ${room.name} copied`) }, icon("copy", { size: 16 }), h("span", { text: "Copy" }))),
            h("div", { class: "invite-qr", id: "invite-qr" }, qrSvg(link, { moduleSize: 5, label: `QR code of the invite link to ${room.name}` })));
        }
        if (mayManage) {
          const box = h("input", { type: "checkbox", id: "invite-private", checked: current.isPrivate, onchange: () => setPrivate(box.checked) });
          parts.push(h("label", { class: "check-row" }, box, h("span", { text: "Private room (joinable with the link only)" })));
          if (current.isPrivate) parts.push(h("button", { class: "btn small ghost", type: "button", id: "invite-renew", onclick: renew, text: "New link (the old one stops working)" }));
        }
        body.replaceChildren(...parts);
      };

      async function setPrivate(isPrivate) {
        try {
          await api.updateChannel(room.id, { isPrivate });
          current = { isPrivate, token: await inviteToken({ ...room, isPrivate }) };
        } catch (error) {
          toastError(error, "Invite");
        }
        render();
      }

      async function renew() {
        const ok = await confirmDialog({ title: "Make a new invite link?", message: "The old link stops letting anyone in; people already in the room stay.", confirmLabel: "New link" });
        if (!ok) return;
        try {
          current = { isPrivate: true, token: (await api.renewInvite(room.id)).inviteToken };
        } catch (error) {
          toastError(error, "Invite");
        }
        render();
      }

      render();
      return body;
    },
  });
}
