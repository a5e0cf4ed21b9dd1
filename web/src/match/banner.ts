// The banners over a match's board: the turn line ("Your move: ...",
// whose move it is, waiting for players, the end, a turn's time left)
// and the message banner (an explanation, a refusal, a lost connection).

import * as api from "../api";
import { h } from "../dom";
import { mark } from "../nav";
import { left } from "../turns";

// Messages is the message banner.
export class Messages {
  readonly el = h("div", { class: "banner", hidden: true, role: "alert" });

  // say shows a message; isError shows it as a refusal.
  say(m: string, isError = false): void {
    this.el.textContent = m;
    this.el.className = "banner " + (isError ? "error" : "info");
    this.el.hidden = false;
    mark({ message: isError ? "error" : "info" });
  }

  hide(): void {
    this.el.hidden = true;
    mark({ message: undefined });
  }

  // connection says the connection is lost, and hides the banner when
  // it is back (if the banner has said it was lost).
  connection(up: boolean, why?: string): void {
    if (up) {
      if (!this.el.hidden && this.el.dataset.conn) this.hide();
    } else {
      this.say(`Disconnected (${why}); reconnecting…`, true);
      this.el.dataset.conn = "1";
    }
  }
}

// TurnBanner is the turn line.
export class TurnBanner {
  readonly el = h("div", { class: "banner turn", "aria-live": "polite" });
  private tick = 0;

  // draw says whose turn it is in st; line is the board's words for the
  // turn ("Red to move, 2 AP left"), name names a seat.
  draw(st: api.StateMsg, line: string, name: (seat: number) => string): void {
    const turn = this.el;
    turn.className = "banner turn";
    if (st.abandoned && st.status === "running") {
      turn.textContent = "Nobody has played this match for a while: it is marked abandoned, and ends with nobody winning unless a player comes back and moves. ";
    } else if (st.status === "open") {
      const free = st.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
      // A seated player is asked to share the link; anyone else is
      // offered the seat above.
      turn.textContent = `Waiting for players: ${free.length === 1 ? "seat " + free[0] + " is" : "seats " + free.join(", ") + " are"} free.` + (st.seat ? " Share the invite link." : "");
    } else if (st.status === "over") {
      turn.textContent = "Game over." + (st.end ? " " + api.endText(st.end, name, st.seat) : "");
      turn.classList.add("over");
    } else if (st.your_turn) {
      turn.textContent = `Your move${line ? ": " + line : "."}`;
      turn.classList.add("mine");
    } else if (st.to_move) {
      const seat = st.seats.find((s) => s.seat === st.to_move);
      const waiting = seat && seat.kind === "human" && !seat.taken ? " (the seat is free: waiting for somebody to take it, or for a player to hand it to a bot)" : "";
      turn.textContent = `${name(st.to_move)} to move${line ? ": " + line : ""}${waiting}.`;
    } else {
      turn.textContent = line || "…";
    }
    this.stop();
    if (st.deadline && st.status === "running") this.countDown(st.deadline, st.turn_based ? 3600_000 : 30_000);
  }

  // countDown shows the time left until deadline, every second, in
  // words that read for days as for seconds ("2 d 3 h left").
  // It turns red ("soon") in the last soonMs: the last hour of a
  // turn-based move, the last half minute of a real-time one.
  private countDown(deadline: string, soonMs: number): void {
    const span = h("span", { class: "deadline" });
    this.el.append(" ", span);
    const end = Date.parse(deadline);
    const upd = () => {
      span.textContent = left(deadline);
      span.classList.toggle("soon", end - Date.now() < soonMs);
    };
    upd();
    this.tick = window.setInterval(upd, 1000);
  }

  stop(): void {
    clearInterval(this.tick);
  }
}
