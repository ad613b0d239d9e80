// Small things remembered in localStorage between visits.
const CHANNEL_KEY = "blastoise.channel";
const GUEST_KEY = "blastoise.guest";
const TAB_KEY = "blastoise.tab";
const INVITES_KEY = "blastoise.invites";

const read = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
const write = (key, value) => { try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch { /* private mode */ } };

export const prefs = {
  get channel() { return read(CHANNEL_KEY); },
  set channel(id) { write(CHANNEL_KEY, id); },
  get guestChosen() { return read(GUEST_KEY) === "1"; },
  set guestChosen(yes) { write(GUEST_KEY, yes ? "1" : null); },
  get tab() { return read(TAB_KEY); },
  set tab(name) { write(TAB_KEY, name); },
};

export function rememberChannel(id) {
  prefs.channel = id;
}

// Private rooms' invite tokens, by room, from the links this browser opened: sent again with
// every connection to that room until the owner renews the link.
function invites() {
  try { return JSON.parse(read(INVITES_KEY) || "{}") || {}; } catch { return {}; }
}

export function inviteFor(roomId) {
  const token = invites()[roomId];
  return typeof token === "string" ? token : null;
}

export function rememberInvite(roomId, token) {
  const all = invites();
  if (token) all[roomId] = token;
  else delete all[roomId];
  write(INVITES_KEY, Object.keys(all).length ? JSON.stringify(all) : null);
}
