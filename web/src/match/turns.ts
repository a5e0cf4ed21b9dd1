// The match page's parts for timed and turn-based play (docs/api.md,
// Turn-based matches, Forced moves, Undo): a clock per seat (the seat to
// move counts down to its deadline, the others show the time per move),
// Undo while the viewer may take a move back, the choice offered when
// another seat ran out of time two turns in a row, and "Take over this
// seat" for a visitor when such a seat is offered.

import * as api from "../api";
import { signedIn, signInLink } from "../account";
import { h, fill } from "../dom";
import { mark } from "../nav";
import { goDuration, left, perMove } from "../turns";
import { MatchConnection } from "./connection";

export interface TurnHost {
  say(m: string, isError?: boolean): void;
  hide(): void;
  name(seat: number): string;
  // info is the match's description (its settings), once read.
  info(): api.MatchView | null;
}

// markWords are what the log says of an entry the server made for the
// seat's person.
export const markWords: Record<string, string> = {
  timeout: "(time ran out: the bot moved)",
  forced: "(forced: the only move)",
};

export class TurnTools {
  // el: the clocks, Undo, and the choice for a seat out of time; under
  // the turn line.
  readonly el = h("div", { class: "turn-tools", "data-turn-tools": "" });
  // offer: a seat to take over, for a visitor; beside the free seats'
  // offer, above the board.
  readonly offer = h("section", { class: "seat-offer", "data-take-over-offer": "", hidden: true, "aria-label": "a seat to take over" });
  private clocks = h("div", { class: "clocks", "data-clocks": "", hidden: true });
  private undoBox = h("div", { class: "undo-box" });
  private prompt = h("div", { class: "out-of-time", "data-out-of-time": "", hidden: true });
  private nameInput = h("input", { value: api.myName(), maxlength: 40, placeholder: "your name", "aria-label": "your name", autocomplete: "nickname", "data-take-over-name": "" });
  private tick = 0;
  private undoing = false;
  private ending = 0; // the seat whose end is being confirmed
  private offered = "";
  private prompted = "";

  constructor(private id: string, private conn: MatchConnection, private host: TurnHost) {
    this.el.append(this.clocks, this.undoBox, this.prompt);
  }

  draw(): void {
    const st = this.conn.st;
    if (!st) return;
    this.drawClocks(st);
    this.drawUndo(st);
    this.drawPrompt(st);
    this.drawOffer(st);
  }

  stop(): void {
    clearInterval(this.tick);
  }

  // moveTime is the match's time per move (a Go duration), "" for none.
  private moveTime(st: api.StateMsg): string {
    const t = st.move_time || this.host.info()?.settings?.turn_timer || "";
    return t === "off" ? "" : t;
  }

  // drawClocks shows a clock per seat of a timed match being played.
  private drawClocks(st: api.StateMsg): void {
    clearInterval(this.tick);
    const per = this.moveTime(st);
    const timed = st.status === "running" && (!!st.deadline || !!per);
    this.clocks.hidden = !timed;
    mark({ clockCount: timed ? st.seats.length : undefined, matchTurnBased: st.turn_based ? true : undefined });
    if (!timed) {
      this.clocks.replaceChildren();
      return;
    }
    const running: { el: HTMLElement; deadline: string }[] = [];
    const items = st.seats.map((s) => {
      const moving = s.seat === st.to_move;
      const time = h("span", { class: "clock-time" });
      if (moving && st.deadline) {
        running.push({ el: time, deadline: st.deadline });
        time.dataset.deadline = st.deadline;
      } else if (moving) {
        time.textContent = s.kind === "bot" ? "thinking" : "to move";
      } else {
        time.textContent = perMove(per) || "";
      }
      return h("li", { class: "clock" + (moving ? " moving" : "") + (s.seat === st.seat ? " mine" : ""), "data-clock-seat": s.seat, "data-clock-moving": moving ? "" : undefined },
        h("span", { class: "dot", "data-seat-colour": s.seat }),
        h("span", { class: "clock-seat", title: this.host.name(s.seat) }, clockName(s) + (s.seat === st.seat ? " · you" : "")), " ", time);
    });
    fill(this.clocks,
      // (The time per move is on the clocks of the seats not to move.)
      h("p", { class: "clock-kind note" }, st.turn_based ? "Turn based" : "Timed"),
      h("ul", { class: "clock-list" }, ...items));
    // A clock is short of time in its last tenth (at least its last
    // minute).
    const short = Math.max(60e3, goDuration(per) / 10);
    const upd = () => {
      const now = Date.now();
      for (const r of running) {
        r.el.textContent = left(r.deadline, now);
        r.el.classList.toggle("short", Date.parse(r.deadline) - now < short);
      }
    };
    upd();
    if (running.length) this.tick = window.setInterval(upd, 1000);
  }

  // drawUndo offers Undo while the viewer may take back a move.
  private drawUndo(st: api.StateMsg): void {
    const can = this.conn.seated() && st.status === "running" && (st.undo || 0) > 0;
    mark({ undoDepth: can ? st.undo : undefined });
    if (!can) {
      this.undoBox.replaceChildren();
      return;
    }
    const version = st.version;
    const btn = h("button", {
      "data-undo": "", title: "Take back your last move", disabled: this.undoing, onclick: async () => {
        if (this.undoing) return;
        this.undoing = true;
        btn.disabled = true;
        try {
          await api.undo(this.id, version, this.conn.held?.token || undefined);
          this.host.hide();
          mark({ undoRefused: undefined });
        } catch (e) {
          const err = e as api.ApiError;
          this.host.say(`Undo refused: ${err.message}`, true);
          mark({ undoRefused: err.status || 0 });
        } finally {
          this.undoing = false;
          btn.disabled = false;
        }
      },
    }, "Undo");
    fill(this.undoBox, btn, h("span", { class: "note" }, " your last move"));
  }

  // drawPrompt asks a seated viewer what to do about another seat out of
  // time two turns in a row.
  private drawPrompt(st: api.StateMsg): void {
    const seats = this.conn.seated() && st.status === "running" ? (st.out_of_time || []).filter((n) => n !== st.seat) : [];
    const key = seats.length ? `${seats.join(",")} ${this.ending} ${st.teams}` : "";
    if (key === this.prompted) return;
    this.prompted = key;
    this.prompt.hidden = !seats.length;
    if (!seats.length) {
      this.ending = 0;
      this.prompt.replaceChildren();
      return;
    }
    fill(this.prompt, ...seats.map((n) => {
      const who = st.seats.find((s) => s.seat === n)?.name;
      const endLabel = st.teams ? `Let the bot play seat ${n} for good` : `End the match (seat ${n} abandons)`;
      const controls: Node[] = this.ending === n
        ? [h("span", {}, st.teams ? "The bot plays the seat to the end. " : `The match ends now, a loss for seat ${n}. `),
          h("button", { class: "primary", "data-out-of-time-end-yes": n, onclick: () => this.choose(n, "end") }, st.teams ? "Yes, the bot plays it" : "Yes, end it"),
          h("button", { class: "quiet", onclick: () => { this.ending = 0; this.draw(); } }, "No")]
        : [h("button", { class: "primary", "data-out-of-time-take-over": n, onclick: () => this.choose(n, "take-over") }, "Offer the seat to be taken over"),
          h("button", { "data-out-of-time-end": n, onclick: () => { this.ending = n; this.draw(); } }, endLabel)];
      return h("div", { class: "out-of-time-seat", "data-out-of-time-seat": n },
        h("p", {}, h("strong", {}, `Seat ${n} ran out of time two turns in a row`), who ? ` (${who})` : "",
          ". A bot moved for them each time. Until somebody chooses, they may still come back and move."),
        h("div", { class: "buttons" }, ...controls));
    }));
  }

  private async choose(seat: number, choice: "take-over" | "end"): Promise<void> {
    this.ending = 0;
    try {
      await api.outOfTime(this.id, seat, choice, this.conn.held?.token || undefined);
      this.host.hide();
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
    // Drawn again, whatever the state (never a key drawPrompt makes).
    this.prompted = "?";
    this.draw();
  }

  // drawOffer offers a visitor without a seat the seats to take over.
  private drawOffer(st: api.StateMsg): void {
    const seats = !this.conn.held && st.status === "running" ? st.take_over || [] : [];
    const acc = signedIn();
    const rated = !!this.host.info()?.rated;
    const key = seats.length ? `${seats.join(",")} ${acc?.name || ""} ${rated}` : "";
    if (key === this.offered) return;
    this.offered = key;
    this.offer.hidden = !seats.length;
    if (!seats.length) {
      this.offer.replaceChildren();
      return;
    }
    const line = h("p", { class: "offer-line" }, h("strong", {}, seats.length === 1 ? `Seat ${seats[0]} may be taken over: ` : `Seats ${seats.join(", ")} may be taken over: `),
      "its player ran out of time, and a bot plays it until somebody takes it.");
    if (!acc && rated) {
      fill(this.offer, line, h("p", { class: "note" }, "A rated match: only accounts play it. ", signInLink("Sign in"), " or ", signInLink("sign up", true), " to take it over."));
      return;
    }
    fill(this.offer, line,
      h("div", { class: "offer-controls" },
        acc ? h("span", { class: "note" }, `You sit as ${acc.name}.`) : h("label", {}, "Your name ", this.nameInput),
        ...seats.map((n) => h("button", { class: "primary big", "data-take-over": n, onclick: () => this.takeOver(n) }, seats.length === 1 ? "Take over this seat" : `Take over seat ${n}`))));
  }

  private async takeOver(seat: number): Promise<void> {
    const acc = signedIn();
    const nm = acc ? "" : this.nameInput.value.trim();
    if (nm) api.setMyName(nm);
    try {
      const a = await api.join(this.id, seat, nm);
      this.host.hide();
      this.conn.sit(a.seat!, a.token);
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
  }
}

// clockName is a seat's player as its clock names it, short enough for
// two clocks to a phone's line: the name (the seat's number is its dot's
// colour and the title), or the bot.
function clockName(s: api.SeatView): string {
  if (s.kind === "bot") return `bot ${s.bot}`;
  if (!s.taken) return `seat ${s.seat} (free)`;
  return s.name || `Seat ${s.seat}`;
}
