// The room socket: one WebSocket to /api/channels/:id/ws, reconnected with backoff, with
// ping bursts for the clock estimate. Messages are handed to onMessage as parsed objects.
import { socketUrl } from "./api.js";
import { inviteFor } from "./prefs.js";
import { clientNow } from "./clock.js";

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_BURST = 8; // samples per burst
const PING_SPACING_MS = 60; // between pings of a burst
const PING_EVERY_MS = 30000; // a new burst this often
const DEAD_AFTER_MS = 10000; // no answer to a burst for this long: reconnect

export class RoomSocket {
  constructor({ clock, onMessage, onStatus, onGiveUp }) {
    this.clock = clock;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onGiveUp = onGiveUp; // called after several failed attempts (maybe signed out)
    this.ws = null;
    this.channelId = null;
    this.wanted = false; // the user wants to be connected
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimers = [];
    this.burstTimer = null;
    this.lastMessageAt = 0;
    this.pendingPings = 0;
    this.hearing = true; // false while this device plays something else (the room counts no play)
    this.onlineHandler = () => this.reconnectNow();
    this.visibleHandler = () => { if (document.visibilityState === "visible") this.reconnectNow(); };
    window.addEventListener("online", this.onlineHandler);
    document.addEventListener("visibilitychange", this.visibleHandler);
  }

  get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  connect(channelId) {
    this.channelId = channelId;
    this.wanted = true;
    this.open();
  }

  /** Moves to another room on the open socket; if closed, the next connection goes there. */
  switchTo(channelId) {
    this.channelId = channelId;
    if (this.isOpen) this.send({ action: "switch", channelId, ...(inviteFor(channelId) ? { invite: inviteFor(channelId) } : {}) });
    else if (this.ws?.readyState === WebSocket.CONNECTING) this.open(); // that one is on its way to the old room
    else this.reconnectNow();
  }

  /** Tells the room whether this device hears it; said again on every new connection. */
  setHearing(hearing) {
    if (this.hearing === hearing) return;
    this.hearing = hearing;
    this.send({ action: "listening", listening: hearing });
  }

  send(message) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.wanted = false;
    clearTimeout(this.retryTimer);
    this.stopPings();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close(1000);
    }
    this.status("closed");
  }

  destroy() {
    this.close();
    window.removeEventListener("online", this.onlineHandler);
    document.removeEventListener("visibilitychange", this.visibleHandler);
  }

  reconnectNow() {
    if (!this.wanted || this.isOpen || this.ws?.readyState === WebSocket.CONNECTING) return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
    this.status(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(socketUrl(this.channelId, inviteFor(this.channelId)));
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.lastMessageAt = clientNow();
      this.status("open");
      if (!this.hearing) this.send({ action: "listening", listening: false });
      this.startPings();
    };
    ws.onmessage = (event) => {
      this.lastMessageAt = clientNow();
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && data.type === "pong") {
        this.pendingPings = Math.max(0, this.pendingPings - 1);
        // serverTimeMicros (additive): the whole milliseconds alone are up to 0.5 ms off.
        const micros = Number(data.serverTimeMicros);
        const exact = Number.isFinite(micros);
        this.clock.addSample(Number(data.clientTime), exact ? micros / 1000 : Number(data.serverTime), clientNow(), exact);
        return;
      }
      this.onMessage(data);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPings();
      if (this.wanted) this.scheduleRetry();
      else this.status("closed");
    };
    ws.onerror = () => {}; // onclose follows
  }

  scheduleRetry() {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt += 1;
    if (this.attempt === 3) this.onGiveUp?.();
    this.status("reconnecting", delay);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  status(state, retryIn) {
    this.onStatus?.({ state, retryIn, attempt: this.attempt });
  }

  startPings() {
    this.stopPings();
    this.burst();
    this.burstTimer = setInterval(() => this.burst(), PING_EVERY_MS);
  }

  burst() {
    if (this.pendingPings >= PING_BURST && clientNow() - this.lastMessageAt > DEAD_AFTER_MS) {
      // The previous burst was never answered and nothing else came: the connection is dead.
      this.ws?.close();
      return;
    }
    this.pendingPings = 0;
    for (let i = 0; i < PING_BURST; i++) {
      this.pingTimers.push(setTimeout(() => {
        if (this.send({ action: "ping", clientTime: clientNow() })) this.pendingPings += 1;
      }, i * PING_SPACING_MS));
    }
  }

  stopPings() {
    clearInterval(this.burstTimer);
    this.burstTimer = null;
    for (const t of this.pingTimers) clearTimeout(t);
    this.pingTimers = [];
  }
}
