// The match's connection: the WebSocket (Live) and what came on it, the
// latest state message and the log made whole, the room's messages, and
// the seat this browser holds: by its token, kept in localStorage, or as
// the account signed in (no token: the session's cookie plays it, and
// the state's seat says which). States that arrive
// while the page draws (a bot's moves come in bursts) are drawn once,
// the last of them, at the next turn of the event loop; a move is sent
// with the version drawn, and is pending until the page shows what came
// of it (or the server refuses it).

import * as api from "../api";
import { Live } from "../live";
import { mark } from "../nav";

export interface ConnectionEvents {
  // draw is called when a state is to be drawn (the last of a burst).
  draw(): void;
  // refused is called when the server refuses a move, with its reason.
  refused(status: number, error: string): void;
  // accepted is called when the server has applied a move of ours.
  accepted(): void;
  // connection reports whether the socket is up.
  connection(up: boolean, why?: string): void;
  // missing is called when there is no such match.
  missing(): void;
  // chat is called with messages of the room (see Live).
  chat(msgs: api.ChatMessage[]): void;
  // ratings is called when the match's ratings are written.
  ratings(): void;
}

export class MatchConnection {
  // held is the seat this browser holds, null when it watches; its
  // token is "" for a seat the account signed in holds.
  held: api.Held | null;
  st: api.StateMsg | null = null;
  log: api.Entry[] = [];
  // pending: a move was sent, and its outcome is not drawn yet.
  pending = false;
  // shown is the version drawn, which moves are sent with.
  shown = -1;
  // queued: a drawing is due.
  private queued = false;
  private closed = false;
  private live: Live;

  constructor(private id: string, private on: ConnectionEvents) {
    this.held = api.heldSeat(id);
    this.live = new Live(id, this.held?.token || null, {
      state: (msg, entries) => this.state(msg, entries),
      refused: (status, error) => {
        this.settle();
        on.refused(status, error);
      },
      accepted: () => on.accepted(),
      connection: (up, why) => on.connection(up, why),
      failedBeforeOpen: () => this.failedBeforeOpen(),
      chat: (msgs) => on.chat(msgs),
      ratings: () => on.ratings(),
    });
  }

  // seated reports whether the viewer plays a seat of this match.
  seated(): boolean {
    return !!this.held && !!this.st?.seat;
  }

  // send sends a move made at the version drawn; false if the socket is
  // down.
  send(move: string): boolean {
    if (!this.live.move(move, this.shown)) return false;
    this.pending = true;
    mark({ pending: true });
    return true;
  }

  // sit plays the seat taken from now on: by its token, or, when the
  // server gave none (the account signed in holds the seat), as the
  // account. An empty token is never kept.
  sit(seat: number, token?: string): void {
    if (token) api.keepSeat(this.id, seat, token);
    this.held = { seat, token: token || "" };
    this.live.reconnect(token || null);
  }

  // say says text at the table: on the WebSocket, or over HTTP while it
  // is down (with the seat's token, or the session's cookie).
  async say(text: string): Promise<void> {
    const p = this.live.say(text);
    if (p) await p;
    else await api.sayInMatch(this.id, text, this.held?.token || undefined);
  }

  // watch forgets the seat and watches the match.
  watch(): void {
    if (this.held?.token) api.forgetSeat(this.id);
    this.held = null;
    this.live.reconnect(null);
  }

  // wantText asks for the game's text rendering in every state (the
  // server sends it only when asked).
  wantText(): void {
    this.live.wantText();
  }

  close(): void {
    this.closed = true;
    this.live.close();
  }

  private state(msg: api.StateMsg, entries: api.Entry[]): void {
    this.st = msg;
    this.log = entries;
    if (msg.seat === 0 && this.held) {
      // The token no longer holds a seat (we left, or it was taken
      // over): watch.
      if (this.held.token) api.forgetSeat(this.id);
      this.held = null;
    } else if (msg.seat > 0 && (!this.held || !this.held.token)) {
      // No token, and yet a seat: the account signed in holds it.
      this.held = { seat: msg.seat, token: "" };
    }
    if (this.queued) return;
    this.queued = true;
    setTimeout(() => {
      this.queued = false;
      if (this.closed) return;
      // A move made is no longer pending once the page shows what came
      // of it.
      this.settle();
      this.on.draw();
    }, 0);
  }

  private settle(): void {
    this.pending = false;
    mark({ pending: undefined });
  }

  // failedBeforeOpen finds out why the socket did not open: a match
  // that does not exist, or a token that no longer holds a seat (refused
  // before the WebSocket opens).
  private failedBeforeOpen(): void {
    api.state(this.id, this.held?.token).catch((e: api.ApiError) => {
      if (e.status === 404) {
        this.live.close();
        this.on.missing();
      } else if (e.status === 403 || e.status === 401) {
        this.watch();
      }
    });
  }
}
