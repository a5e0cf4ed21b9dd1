// "All legal moves": the viewer's legal moves as buttons, under the
// board's panel (folded unless the viewer opened it before, or the game
// is drawn as text).

import { h, fill } from "../dom";
import { View } from "../boards/board";

export class LegalMoves {
  readonly el: HTMLDetailsElement;
  private list = h("div", { class: "legal-list" });
  private count = h("span");

  constructor() {
    this.el = h("details", { class: "legal" }, h("summary", {}, "All legal moves ", this.count), this.list);
    this.el.open = localStorage.getItem("commons.showLegal") === "1";
    this.el.addEventListener("toggle", () => localStorage.setItem("commons.showLegal", this.el.open ? "1" : "0"));
  }

  // unfold opens the list (for a board without clickable moves).
  unfold(): void {
    this.el.open = true;
  }

  // draw lists v's legal moves, each a button that sends it; yourTurn
  // leaves the note for a viewer to wait for its turn out.
  draw(v: View, yourTurn: boolean, send: (move: string) => void): void {
    this.count.textContent = `(${v.legal.length})`;
    this.el.hidden = !v.interactive;
    if (v.legal.length === 0) {
      fill(this.list, h("p", { class: "note" }, yourTurn ? "" : "Your moves appear here on your turn."));
      return;
    }
    fill(this.list, ...v.legal.map((m) => h("button", { class: "small mono", "data-legal-move": m, onclick: () => send(m) }, m)));
  }
}
