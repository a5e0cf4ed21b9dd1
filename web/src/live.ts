// The match's WebSocket: state messages in, moves out, reconnecting
// after a lost connection (the seat is the token's, not the
// connection's, so a new connection plays the same seat).

import { ApiError, ChatMessage, Entry, StateMsg } from "./api";

export interface LiveHandlers {
  // state is called with every state message, the log made whole.
  state(msg: StateMsg, log: Entry[]): void;
  // refused is called when the server refuses a move, with its reason.
  refused(status: number, error: string): void;
  // accepted is called when the server has applied a move of ours.
  accepted(): void;
  // connection reports whether the socket is up.
  connection(up: boolean, why?: string): void;
  // rejected is called when the server will not let us connect at all
  // (a 403 before the upgrade looks like a failed connection to the
  // browser, so the caller checks the token with a plain request).
  failedBeforeOpen(): void;
  // chat is called with the room's messages: all of them on
  // connecting, then each new one (and one taken down, deleted).
  chat(msgs: ChatMessage[]): void;
  // ratings is called when a rated match's ratings are written.
  ratings(): void;
}

export class Live {
  private ws: WebSocket | null = null;
  private log: Entry[] = [];
  private closed = false;
  private retry = 0;
  private timer = 0;
  private nextID = 1;
  private opened = false;
  // The messages said and not yet answered, by their id ("c1"...).
  private saying = new Map<string, { resolve: (n: number) => void; reject: (e: Error) => void }>();
  // text asks the server for the game's text rendering in every state
  // (text=1), for a game drawn as text: the boards draw the observation.
  text = false;

  constructor(private id: string, private token: string | null, private on: LiveHandlers) {
    this.connect();
  }

  private url(): string {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q: string[] = [];
    if (this.token) q.push("token=" + encodeURIComponent(this.token));
    if (this.text) q.push("text=1");
    return `${proto}//${location.host}/api/matches/${encodeURIComponent(this.id)}/ws` + (q.length ? "?" + q.join("&") : "");
  }

  // wantText connects again asking for the text rendering.
  wantText(): void {
    if (this.text) return;
    this.text = true;
    this.reconnect(this.token);
  }

  private connect(): void {
    if (this.closed) return;
    this.opened = false;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.opened = true;
      this.retry = 0;
      this.on.connection(true);
    };
    // A socket being replaced (reconnect with another token) may still
    // deliver a message: only the current one speaks.
    ws.onmessage = (ev) => {
      if (this.ws === ws) this.message(ev.data);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropSaying();
      if (this.closed) return;
      if (!this.opened) this.on.failedBeforeOpen();
      this.on.connection(false, ev.reason || (ev.code === 1001 ? "the server went away" : "connection lost"));
      // Back off: 0.5 s, 1 s, 2 s ... up to 10 s.
      const delay = Math.min(10000, 500 * 2 ** this.retry++);
      this.timer = window.setTimeout(() => this.connect(), delay);
    };
  }

  private message(data: string): void {
    let m: { type: string; [k: string]: unknown };
    try {
      m = JSON.parse(data);
    } catch {
      return;
    }
    if (m.type === "state") {
      const st = m as unknown as StateMsg;
      if (st.from === 0) this.log = [];
      // Entries we already have are replaced: the log only grows.
      this.log.length = Math.min(this.log.length, st.from);
      this.log.push(...st.moves);
      this.on.state(st, this.log);
    } else if (m.type === "error") {
      const said = this.saying.get(String(m.id));
      if (said) {
        this.saying.delete(String(m.id));
        said.reject(new ApiError(Number(m.status) || 0, String(m.error)));
      } else {
        this.on.refused(Number(m.status) || 0, String(m.error));
      }
    } else if (m.type === "ack") {
      const said = this.saying.get(String(m.id));
      if (said) {
        this.saying.delete(String(m.id));
        said.resolve(Number(m.said));
      } else {
        this.on.accepted();
      }
    } else if (m.type === "chat") {
      this.on.chat((m.messages as ChatMessage[]) || []);
    } else if (m.type === "ratings") {
      this.on.ratings();
    }
  }

  // say says text at the table; it resolves with the message's number,
  // or rejects with the server's reason. null if the socket is down.
  say(text: string): Promise<number> | null {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = "c" + this.nextID++;
    const p = new Promise<number>((resolve, reject) => this.saying.set(id, { resolve, reject }));
    this.ws.send(JSON.stringify({ type: "say", text, id }));
    return p;
  }

  // dropSaying fails the messages not answered on a socket that closed:
  // whether they were said is not known (the room's messages, sent again
  // on reconnecting, will say).
  private dropSaying(): void {
    for (const s of this.saying.values()) s.reject(new ApiError(0, "the connection was lost: if your message does not appear, say it again"));
    this.saying.clear();
  }

  // move sends a move made at version; false if the socket is down.
  move(move: string, version: number): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify({ type: "move", move, version, id: "m" + this.nextID++ }));
    return true;
  }

  // reconnect starts again, with another token (or none).
  reconnect(token: string | null): void {
    this.token = token;
    const ws = this.ws;
    this.ws = null;
    this.dropSaying();
    ws?.close(1000);
    clearTimeout(this.timer);
    this.connect();
  }

  close(): void {
    this.closed = true;
    this.dropSaying();
    clearTimeout(this.timer);
    this.ws?.close(1000);
    this.ws = null;
  }
}
