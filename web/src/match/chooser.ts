// The chooser: a small pop-up that asks which of several moves a click
// on the board meant (Source's point with two actions on offer), a
// button for each and Cancel, played with the keyboard too.

import { h, fill } from "../dom";

export class Chooser {
  readonly el = h("div", { class: "chooser-pop", hidden: true });

  // show asks title with a button per move, labelled by label; choose
  // makes the move chosen; back gives the keyboard back to the board.
  show(title: string, moves: string[], label: (move: string) => string, choose: (move: string) => void, back: () => void): void {
    fill(this.el, h("p", {}, title), ...moves.map((m) => h("button", { "data-move": m, onclick: () => { back(); choose(m); } }, label(m))),
      h("button", { class: "quiet", onclick: () => { this.hide(); back(); } }, "Cancel"));
    this.el.hidden = false;
    this.el.querySelector("button")?.focus();
  }

  hide(): void {
    this.el.hidden = true;
  }
}
