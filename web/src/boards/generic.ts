// The board of a game without a drawing of its own: the game's text
// rendering (Render), with the legal moves as buttons below it (the
// match view always lists them).

import { h, fill } from "../dom";
import { Board, BoardFactory, View } from "./board";

export const generic: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement): Board => {
  const pre = h("pre", { class: "text-board" });
  boardEl.replaceChildren(pre);
  return {
    update(v: View) {
      pre.textContent = v.text;
      fill(panel, h("p", { class: "note" }, "This game has no drawn board yet: its text view is shown, and its moves are the buttons under “All legal moves”."));
    },
    textOnly: true,
  };
};
