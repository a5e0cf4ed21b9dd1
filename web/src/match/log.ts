// The log panel of a match: each entry in the board's words, the
// chance entries marked. A long game's log (an Open Source game has two
// thousand entries) grows by a few entries a move, so only what changed
// is drawn again; the list follows its end unless the reader scrolled
// up.

import { Entry, SeatView } from "../api";
import { h } from "../dom";
import { Board, View } from "../boards/board";
import { markWords } from "./turns";

interface Line {
  text: string;
  chance: boolean;
  // mark: the server moved for the seat's person (Entry.mark).
  mark?: string;
}

export class LogPanel {
  readonly el = h("ol", { class: "log", "data-log": "" });
  // The entries as drawn, by key.
  private shown: string[] = [];
  private atEnd = true;
  private scroll = 0;
  private autoTop = -1; // where the page scrolled the log itself
  // Each entry's words, kept (a board's words for a move do not change;
  // a seat's name does, and then every line is made anew).
  private lines = new Map<string, string>();
  private lineNames = "";

  constructor() {
    this.el.addEventListener("scroll", () => {
      // The scroll event comes a frame late (by then the log may have
      // grown), and a resized page scrolls too: only a reader who
      // scrolls up stops the log from following its end.
      const el = this.el;
      this.atEnd = el.scrollTop >= this.autoTop - 2 || el.scrollHeight - el.scrollTop - el.clientHeight < 30;
    });
  }

  // draw shows v's log (or the board's own, when it has one) as board
  // words it; seats and name name the seats.
  draw(v: View, board: Board, seats: SeatView[] | undefined, name: (seat: number) => string): void {
    const own = board.log?.(v);
    const names = JSON.stringify(seats);
    if (names !== this.lineNames) {
      this.lines.clear();
      this.lineNames = names;
    }
    const log = v.log;
    const items: Line[] = own ? own.map((text) => ({ text, chance: false })) : log.map((e) => this.line(e, log, board, name));
    const values = own ? items.map((_, i) => i + 1) : log.map((e) => e.n + 1);
    const keys = items.map((l, i) => `${values[i]} ${l.chance ? "*" : ""}${l.mark ? l.mark + " " : ""}${l.text}`);
    let same = 0;
    while (same < keys.length && same < this.shown.length && keys[same] === this.shown[same]) same++;
    while (this.el.children.length > same) this.el.lastElementChild!.remove();
    this.el.append(...items.slice(same).map((l, i) => h("li", { value: values[same + i], class: l.chance ? "chance" : l.mark ? "marked" : "", "data-mark": l.mark }, l.text)));
    this.shown = keys;
    // Follow the end of the log unless the reader scrolled up; scrolled
    // at the next frame, so that a state does not wait for a layout.
    if ((this.atEnd || items.length < 20) && !this.scroll) {
      this.scroll = requestAnimationFrame(() => {
        this.scroll = 0;
        this.el.scrollTop = this.el.scrollHeight;
        this.autoTop = this.el.scrollTop;
      });
    }
  }

  // line is an entry of the server's log in words.
  private line(e: Entry, log: Entry[], board: Board, name: (seat: number) => string): Line {
    const key = `${e.n} ${e.seat || 0} ${e.mark || ""} ${e.move}`;
    let text = this.lines.get(key);
    if (text === undefined) {
      text = (e.seat ? `${name(e.seat)}: ` : "chance: ") + (board.entry?.(e, log) || (e.seat ? e.move : e.move.slice(1)));
      // A move the server made for the person says so.
      if (e.mark && markWords[e.mark]) text += " " + markWords[e.mark];
      this.lines.set(key, text);
    }
    return { text, chance: !e.seat, mark: e.mark };
  }
}
