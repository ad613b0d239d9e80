// Start-up: server status, who we are, then the sign-in screen or the app.
import { api } from "./api.js";
import { startSession } from "./app.js";
import { h } from "./dom.js";
import { CrossfadeAudio, volumeIsSettable } from "./crossfade-audio.js";
import { downloads } from "./downloads.js";
import { NativeAudio, nativeHost } from "./native.js";
import { Player } from "./player.js";
import { prefs, rememberChannel, rememberInvite } from "./prefs.js";
import { clearRoomRoute, inviteFromUrl, roomFromUrl, sharedTokenFromUrl } from "./routes.js";
import { store } from "./state.js";
import { applyTheme, followSystemTheme } from "./theme.js";
import { mountAuth } from "./views/auth.js";
import { mountOffline } from "./views/offline.js";

applyTheme();
followSystemTheme();

const root = document.getElementById("root");
// In the phone app the phone plays the audio (native.js); in a browser, the <audio> element
// (and a second one, for a track played here to fade into the next).
const host = nativeHost();
const element = document.getElementById("player");
const audio = host ? new NativeAudio(host) : volumeIsSettable() ? new CrossfadeAudio(element, document.createElement("audio")) : element;
const player = new Player(audio);
let session = null;
let auth = null;

// The offline shell (sw.js): a page load while the server is away shows the app saying so, not
// the browser's error page. Not in the phone app, whose shell is the phone's.
if ("serviceWorker" in navigator && !host) navigator.serviceWorker.register("/sw.js").catch(() => {});

async function boot() {
  let status;
  let offline = null;
  for (let attempt = 0; ; attempt++) {
    try {
      status = await api.status();
      break;
    } catch {
      // Away: what is saved for offline plays meanwhile (not in the phone app, whose player is the phone's).
      if (!offline && !host) offline = await mountOffline(root, audio).catch(() => null);
      if (!offline) showMessage("The server cannot be reached. Retrying…");
      await new Promise((r) => setTimeout(r, Math.min(10000, 1000 * 2 ** attempt)));
    }
  }
  if (offline && !offline.serverBack()) return;
  store.set({ status });
  // An invite link: the room is the one to join once signed in (or in as a guest).
  const invited = roomFromUrl();
  if (invited) {
    rememberChannel(invited);
    if (inviteFromUrl()) rememberInvite(invited, inviteFromUrl());
    clearRoomRoute();
  }
  const me = await api.me().catch(() => null);
  const user = me?.user || null;
  if (user && (!user.isGuest || prefs.guestChosen)) start(user);
  else showAuth(undefined, invited ? "You were invited to a room: sign in to join it." : undefined);
}

function showMessage(text) {
  root.replaceChildren(h("div", { class: "boot-message" }, h("p", { text })));
}

/** The sign-in screen, by the server's switches as they are now (an admin may have changed them). */
async function showAuth(notice, invite) {
  session = null;
  root.replaceChildren();
  try {
    store.set({ status: await api.status() });
  } catch { /* the server is away: the switches as last read */ }
  if (session) return; // signed in meanwhile
  auth?.remove();
  auth = mountAuth(root, {
    status: store.get("status"),
    notice,
    invite: invite && store.get("status")?.allowGuests ? invite.replace("sign in", "sign in or continue as a guest") : invite,
    onSignedIn: (user) => {
      prefs.guestChosen = false;
      start(user);
    },
    onGuest: async () => {
      const me = await api.me().catch(() => null);
      if (!me?.user) return showAuth("Guests are not allowed on this server.");
      prefs.guestChosen = true;
      auth?.remove();
      start(me.user);
    },
  });
}

function start(user) {
  root.replaceChildren();
  // Downloads a closed page left unfinished go on (signed in: the files need the session).
  if (!host) downloads.resume().catch(() => {});
  session = startSession({
    user, player, root,
    sharedToken: sharedTokenFromUrl(),
    onSignedOut: () => {
      prefs.guestChosen = false;
      showAuth();
    },
    onKicked: (reason) => {
      prefs.guestChosen = false;
      showAuth(reason);
    },
  });
}

boot();
