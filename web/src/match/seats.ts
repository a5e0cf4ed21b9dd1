// The seat actions of a match page: take a free seat (with a name),
// hand a free seat to a bot, offer, accept, decline or withdraw a draw
// (in games with draws, between people), resign, and leave the match,
// each confirmed first where it cannot be undone.

import * as api from "../api";
import { signedIn, signInLink } from "../account";
import { h, fill } from "../dom";
import { MatchConnection } from "./connection";

export interface SeatHost {
  // say shows a message; hide hides it.
  say(m: string, isError?: boolean): void;
  hide(): void;
  name(seat: number): string;
  // rated reports whether the match is rated (only accounts sit).
  rated(): boolean;
}

export class SeatActions {
  // el holds the actions of a seated player, beside the board.
  readonly el = h("div", { class: "seat-actions" });
  // offer is the call to take a free seat, at the top of the page: the
  // first thing someone who opened an invite link sees, above the board
  // (on a phone the side's controls are far below it).
  readonly offer = h("section", { class: "seat-offer", "data-seat-offer": "", hidden: true, "aria-label": "a free seat" });
  // The name typed to sit with, kept across the states that redraw the
  // offer (bots may move while it is typed).
  private nameInput = h("input", { value: api.myName(), maxlength: 40, placeholder: "your name", "data-join-name": "", "aria-label": "your name", autocomplete: "nickname" });
  private offered = "";
  private leaving = false;
  private resigning = false;

  constructor(private id: string, private conn: MatchConnection, private host: SeatHost) {}

  // draw shows the actions the state allows the viewer.
  draw(): void {
    const st = this.conn.st;
    if (!st) return;
    const held = this.conn.held;
    const parts: Node[] = [];
    const free = st.seats.filter((s) => s.kind === "human" && !s.taken);
    this.drawOffer(!held && st.status !== "over" ? free : []);
    if (held && st.status !== "over") {
      if (st.status === "running") {
        for (const s of free) {
          parts.push(h("button", { "data-bot-seat": s.seat, onclick: () => this.botSeat(s.seat) }, `Let a bot play seat ${s.seat}`));
        }
        parts.push(...this.drawButtons(st));
        parts.push(...this.resignControls(st));
      }
      parts.push(...this.leaveControls(st));
    }
    fill(this.el, ...parts);
  }

  // drawOffer offers the free seats to a viewer who holds none: the
  // viewer's name and a button per seat; signed in, the seat takes the
  // account's name; a rated match's seats are for accounts only. It is
  // drawn anew only when what it offers changes.
  private drawOffer(free: api.SeatView[]): void {
    const acc = signedIn();
    const rated = this.host.rated();
    const key = free.length ? `${free.map((s) => s.seat).join(",")} ${acc?.name || ""} ${rated}` : "";
    if (key === this.offered) return;
    this.offered = key;
    this.offer.hidden = !free.length;
    if (!free.length) {
      this.offer.replaceChildren();
      return;
    }
    const seats = free.map((s) => s.seat);
    const which = seats.length === 1 ? `Seat ${seats[0]} is free` : `Seats ${seats.slice(0, -1).join(", ")} and ${seats[seats.length - 1]} are free`;
    if (!acc && rated) {
      fill(this.offer, h("p", { class: "offer-line", "data-rated-join": "" }, h("strong", {}, which + ". "),
        "A rated match: only accounts play it. ", signInLink("Sign in"), " or ", signInLink("sign up", true), ` to take ${seats.length === 1 ? "it" : "one"}.`));
      return;
    }
    fill(this.offer,
      h("p", { class: "offer-line" }, h("strong", {}, which + ": "), seats.length === 1 ? "take it to play." : "take one to play.",
        acc ? ` You sit as ${acc.name}.` : " No account needed."),
      h("div", { class: "offer-controls" },
        acc ? null : h("label", {}, "Your name ", this.nameInput),
        ...free.map((s) => h("button", { class: "primary big", "data-join-seat": s.seat, onclick: () => this.takeSeat(s.seat, acc ? "" : this.nameInput.value) }, `Take seat ${s.seat}`))));
  }

  // drawButtons are the draw's: offer one, or answer the one offered
  // (only in games with draws, between people).
  private drawButtons(m: api.StateMsg): Node[] {
    if (!m.draws || !this.conn.held) return [];
    const offer = m.draw_offer || [];
    if (offer.includes(m.seat)) {
      return [h("span", { class: "note", "data-draw-offered": "" }, "You offered a draw. "),
        h("button", { class: "quiet", "data-draw-withdraw": "", onclick: () => this.drawAnswer(true) }, "Withdraw it")];
    }
    if (offer.length) {
      return [h("span", { "data-draw-offer": offer.join(",") }, `${offer.map(this.host.name).join(" and ")} offer${offer.length === 1 ? "s" : ""} a draw. `),
        h("button", { class: "primary", "data-draw-accept": "", onclick: () => this.drawAnswer(false) }, "Accept the draw"),
        h("button", { class: "quiet", "data-draw-decline": "", onclick: () => this.drawAnswer(true) }, "Decline")];
    }
    if (m.seats.some((s) => s.seat !== m.seat && (s.kind === "bot" || !s.taken))) return [];
    return [h("button", { "data-draw": "", onclick: () => this.drawAnswer(false) }, "Offer a draw")];
  }

  private resignControls(st: api.StateMsg): Node[] {
    if (!this.resigning) return [h("button", { "data-resign": "", onclick: () => { this.resigning = true; this.draw(); } }, "Resign")];
    return [h("span", {}, st.teams ? "Resign? Your seat goes to a bot, which plays on for your team. " : "Resign? The game ends, and you lose. "),
      h("button", { class: "primary", "data-resign-yes": "", onclick: () => this.resign() }, "Yes, resign"),
      h("button", { class: "quiet", onclick: () => { this.resigning = false; this.draw(); } }, "No")];
  }

  private leaveControls(st: api.StateMsg): Node[] {
    if (!this.leaving) return [h("button", { class: "quiet", "data-leave": "", onclick: () => { this.leaving = true; this.draw(); } }, "Leave the match")];
    return [h("span", {}, st.status === "running" ? "Leave? A bot (greedy) plays your seat from then on. " : "Leave your seat? "),
      h("button", { class: "primary", "data-leave-yes": "", onclick: () => this.leave() }, "Yes, leave"),
      h("button", { class: "quiet", onclick: () => { this.leaving = false; this.draw(); } }, "No")];
  }

  private async takeSeat(seat: number, nm: string): Promise<void> {
    nm = nm.trim();
    if (nm) api.setMyName(nm);
    try {
      const a = await api.join(this.id, seat, nm);
      this.host.hide();
      // Signed in, an account that holds a seat already gets it back
      // with no token: its session plays it.
      this.conn.sit(a.seat!, a.token);
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
  }

  private async botSeat(seat: number): Promise<void> {
    const held = this.conn.held;
    if (!held) return;
    try {
      await api.seatBot(this.id, seat, held.token, "greedy");
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
  }

  private async drawAnswer(decline: boolean): Promise<void> {
    const held = this.conn.held;
    if (!held) return;
    try {
      await api.draw(this.id, held.token, decline);
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
  }

  private async resign(): Promise<void> {
    const held = this.conn.held;
    if (!held) return;
    this.resigning = false;
    try {
      const m = await api.resign(this.id, held.token);
      // A team game: the seat went to a bot; we watch.
      if (m.status !== "over") this.conn.watch();
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
  }

  private async leave(): Promise<void> {
    const held = this.conn.held;
    const st = this.conn.st;
    if (!held || !st) return;
    this.leaving = false;
    try {
      await api.leave(this.id, held.token, st.status === "running" ? "greedy" : undefined);
      this.conn.watch();
    } catch (e) {
      this.host.say((e as Error).message, true);
    }
  }
}
