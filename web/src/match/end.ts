// The end screen of a match: who won (or how the match ended other
// than by its rules), each seat's result and score, in a rated match
// each player's rating before and after, and the replay, the record,
// the rematch and the lobby.

import * as api from "../api";
import { h, fill } from "../dom";
import { navigate } from "../nav";
import { Board, View } from "../boards/board";
import { MatchConnection } from "./connection";

// sharedEnd is the headline of an end in which every seat has the same
// result (of a game of several seats): "Everybody won!" (all 1, as when
// Open Source's table finishes its Infrastructure), "Everybody lost."
// (all 0: a table that loses together, or Breaking Head's without a
// Blocker), or "A draw." (a tie, shared); "" otherwise.
export function sharedEnd(result: number[]): string {
  if (result.length < 2 || result.some((r) => r !== result[0])) return "";
  if (result[0] === 0) return "Everybody lost.";
  if (result[0] >= 1) return "Everybody won!";
  return "A draw.";
}

export class EndScreen {
  readonly el = h("div", { class: "card endscreen", hidden: true, "data-end": "" });
  // The ratings' changes, drawn when they come (after the end: the
  // server writes them once the match is over).
  private ratings = h("div", { class: "end-ratings", hidden: true, "data-end-ratings": "" });

  // say shows a message (a refused rematch).
  constructor(private id: string, private conn: MatchConnection, private say: (m: string, isError?: boolean) => void) {}

  // draw shows st's end, if it is over, as board words it.
  draw(st: api.StateMsg, v: View, board: Board, name: (seat: number) => string): void {
    if (st.status !== "over") {
      this.el.hidden = true;
      return;
    }
    const id = this.id;
    const res = st.result || [];
    const label = (r: number) => {
      const winners = res.filter((x) => x > 0).length;
      if (st.end?.reason === "abandoned") return "nobody won";
      if (r === 1) return "win";
      if (r === 0) return "loss";
      return winners === res.length ? "draw" : "shared win";
    };
    let headline = "Game over";
    const together = sharedEnd(res);
    if (st.end) {
      headline = api.endText(st.end, name, st.seat);
    } else if (together) {
      // Every seat has the same result: the table won or lost together
      // (a cooperative game's end), or it is a draw. Nobody won or lost
      // alone, whoever reads it.
      headline = together;
    } else if (st.seat && res.length) {
      const r = res[st.seat - 1];
      headline = r === 1 ? "You won!" : r === 0 ? "You lost." : "You share the win.";
    }
    const rows = res.map((r, i) => h("tr", { "data-seat": i + 1 }, h("td", {}, name(i + 1)), h("td", {}, label(r)),
      st.scores ? h("td", { class: "num" }, st.scores[i]) : null));
    const buttons: Node[] = [
      h("a", { class: "button primary", href: `/replay/${id}`, "data-link": "" }, "Watch the replay"),
      h("a", { class: "button", href: api.recordURL(id), download: `commons-${id}.json` }, "Download the record"),
    ];
    if (this.conn.held && st.seat) buttons.push(h("button", { "data-rematch": "", onclick: () => this.rematch() }, st.rematch ? "Join the rematch" : "Rematch"));
    else if (st.rematch) buttons.push(h("a", { class: "button", href: `/match/${st.rematch}`, "data-link": "" }, "Watch the rematch"));
    buttons.push(h("a", { class: "button quiet", href: "/", "data-link": "" }, "Lobby"));
    fill(this.el, h("h2", {}, headline), h("p", { class: "outcome" }, st.end ? "" : board.outcome?.(v) || ""),
      h("table", { class: "result" }, h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "result"), st.scores ? h("th", { class: "num" }, "score") : null)), h("tbody", {}, ...rows)),
      this.ratings,
      h("div", { class: "buttons" }, ...buttons));
    this.el.hidden = false;
  }

  // showRatings draws a rated match's changes of rating: each player's
  // before and after (empty until they are written).
  showRatings(r: api.MatchRatings, name: (seat: number) => string): void {
    if (!r.rated || r.ratings.length === 0) {
      this.ratings.hidden = true;
      return;
    }
    const rows = [...r.ratings].sort((a, b) => a.seat - b.seat).map((x) => {
      const d = x.after.rating - x.before.rating;
      const who = x.bot ? `${name(x.seat)}` : h("a", { href: api.profilePath(x.name), "data-link": "" }, x.name);
      return h("tr", { "data-rating-seat": x.seat, "data-before": x.before.rating, "data-after": x.after.rating },
        h("td", {}, who, x.abandoned ? h("span", { class: "note" }, " (abandoned)") : null),
        h("td", { class: "num" }, String(x.before.rating)),
        h("td", { class: "num" }, "→ ", h("strong", {}, String(x.after.rating))),
        h("td", { class: "num " + (d > 0 ? "up" : d < 0 ? "down" : "") }, d > 0 ? `+${d}` : String(d)));
    });
    fill(this.ratings, h("h3", {}, "Ratings"),
      h("table", { class: "result ratings" },
        h("thead", {}, h("tr", {}, h("th", {}, "player"), h("th", { class: "num" }, "before"), h("th", { class: "num" }, "after"), h("th", { class: "num" }, "change"))),
        h("tbody", {}, ...rows)));
    this.ratings.hidden = false;
  }

  // rematch joins the rematch (making it if it is the first to ask),
  // and goes to it.
  private async rematch(): Promise<void> {
    const held = this.conn.held;
    if (!held) return;
    try {
      const a = await api.rematch(this.id, held.token);
      if (a.token) api.keepSeat(a.match.id, a.seat!, a.token);
      navigate(`/match/${a.match.id}`);
    } catch (e) {
      this.say((e as Error).message, true);
    }
  }
}
