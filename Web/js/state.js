// The app's shared state and change notifications. Views subscribe to the keys they draw.

class Store extends EventTarget {
  constructor() {
    super();
    this.state = {
      status: null, // GET /api/status
      user: null, // UserInfo or null
      library: [], // Track[]
      libraryLoaded: false, // the library has come (until then it is empty for want of it)
      tracksById: new Map(),
      channels: [], // ChannelInfo[]
      channelId: null, // the room we are in (or joining)
      room: null, // the last applied ChannelState (without relying on its queue)
      queue: [], // the last known queue (Track[])
      playlists: null, // { mine, shared } or null while unknown; { unavailable: true } when the server has none
      connection: { state: "idle" }, // idle | connecting | open | reconnecting(retryIn) | closed
      playback: { mode: "sync", localTrack: null, upNext: null }, // sync: follow the room; local: playing here (upNext: the track after)
      fetchJobs: new Map(),
      scan: null,
      trackAnnotations: null, // Map id → { favourite, rating } of this person's tracks, or null while unknown
      chat: [], // the room's latest chat messages, oldest first
    };
  }

  get(key) {
    return this.state[key];
  }

  set(patch) {
    Object.assign(this.state, patch);
    for (const key of Object.keys(patch)) this.dispatchEvent(new CustomEvent(`change:${key}`, { detail: patch[key] }));
  }

  /** Calls fn(value) on every change of key; returns the unsubscribe function. */
  on(key, fn) {
    const listener = (event) => fn(event.detail);
    this.addEventListener(`change:${key}`, listener);
    return () => this.removeEventListener(`change:${key}`, listener);
  }

  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail }));
  }

  listen(name, fn) {
    const listener = (event) => fn(event.detail);
    this.addEventListener(name, listener);
    return () => this.removeEventListener(name, listener);
  }

  setLibrary(tracks) {
    const list = Array.isArray(tracks) ? tracks : [];
    this.set({ library: list, libraryLoaded: true, tracksById: new Map(list.map((t) => [t.id, t])) });
  }

  /** Permissions come from /api/auth/me: "listen", "control", "queue", "upload", "import", "create", "admin". */
  /** Playing locally (not synced to the room). */
  isLocal() {
    return this.get("playback").mode === "local";
  }

  /** The track on screen: the local one while playing locally, else the room's. */
  currentTrack() {
    return this.isLocal() ? this.get("playback").localTrack : this.get("room")?.track || null;
  }

  can(permission) {
    const user = this.state.user;
    if (!user) return false;
    return (user.permissions || []).some((p) => p.permission === permission || p.permission === "admin");
  }

  /** Owners edit what they own; admins edit everything. */
  mayEdit(ownerId) {
    const user = this.state.user;
    if (!user) return false;
    return !!user.isAdmin || (ownerId !== null && ownerId !== undefined && ownerId === user.id && this.can("create"));
  }

  reset() {
    this.set({
      user: null, library: [], libraryLoaded: false, tracksById: new Map(), channels: [], channelId: null, room: null, queue: [],
      playlists: null, connection: { state: "idle" }, playback: { mode: "sync", localTrack: null, upNext: null },
      fetchJobs: new Map(), scan: null, trackAnnotations: null, chat: [],
    });
  }
}

export const store = new Store();
