// What the match and replay views need from a game's board.
//
// A board draws one observation (the JSON of the game's Observation for
// the viewer, see docs/rules/) into two elements it owns: the board
// itself (an SVG that scales with the page) and a side panel (players,
// scores, the viewer's private information, the controls of multi-part
// moves). Moves are made by clicks: the board builds the move's notation
// and hands it to its host, which sends it to the server; an illegal move
// comes back refused with the game's own explanation.

import { Entry, SeatView } from "../api";

export interface View {
  // obs is the game's observation for the viewer: the board casts it
  // to its game's type (ObservationOf in observations.ts).
  obs: unknown;
  text: string;
  // legal are the viewer's legal moves: empty unless it is its turn.
  legal: string[];
  // seat is the viewer's seat, 0 for a spectator.
  seat: number;
  players: number;
  seats: SeatView[];
  version: number;
  // interactive is false in replays and for spectators.
  interactive: boolean;
  // over: the match is over, by its game's rules or otherwise (a
  // resignation, a draw agreed, abandoned). The observation of a match
  // ended otherwise is that of a game still waiting for a move: a board
  // prompts no move and marks no seat to move when over is set.
  over?: boolean;
  // log is the match's log so far (as the viewer may see it).
  log: Entry[];
}

export interface Host {
  // move sends a move in the game's notation.
  move(notation: string): void;
  // say shows a short message (an explanation, an instruction); warn
  // shows it as a refusal (a click that did nothing, and why).
  say(message: string, warn?: boolean): void;
  // choose asks which of several moves a click meant.
  choose(title: string, moves: string[]): void;
  // name is how a seat is called on the page.
  name(seat: number): string;
}

export interface Board {
  update(v: View): void;
  // status is one line about the turn ("Red to move, 2 AP left").
  status?(v: View): string;
  // outcome is one line about the end ("Contributors win").
  outcome?(v: View): string;
  // log gives the game's own public log, when the server's log is
  // masked (hidden information) or less readable.
  log?(v: View): string[] | null;
  // entry turns a log entry into readable text; log is the whole log
  // it belongs to, when the words depend on what came before.
  entry?(e: Entry, log?: Entry[]): string;
  // textOnly marks a board without clickable moves: the list of legal
  // moves is then shown unfolded.
  textOnly?: boolean;
}

export type BoardFactory = (board: HTMLElement, panel: HTMLElement, host: Host) => Board;

// seatColours mark seats on boards that have no colours of their own.
export const seatColours = ["#d1495b", "#3a7ca5", "#52a36b", "#e59500", "#8d5fd3", "#2ec4b6", "#7f5539", "#ff70a6", "#6c757d", "#1d3557"];

// KeyGrid makes a board's cells (SVG elements drawn anew at each update)
// playable with the keyboard: one cell at a time is in the tab order,
// the arrow keys move between cells, Enter or Space clicks the cell, and
// each cell has a label a screen reader reads. The cell the player was
// on keeps the focus across redrawings (a move redraws the whole board).
export class KeyGrid {
  private col = 0;
  private row = 0;
  private placed = false;
  private hadFocus = false;

  constructor(private root: SVGSVGElement, label: string) {
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", label + ". Arrow keys move between the spaces, Enter plays.");
    root.addEventListener("keydown", (e) => this.key(e));
    boardHints(root);
    root.addEventListener("focusin", (e) => {
      const el = (e.target as Element).closest?.("[data-col]") as SVGElement | null;
      if (!el) return;
      this.col = Number(el.dataset.col);
      this.row = Number(el.dataset.row);
      this.placed = true;
      this.roving();
    });
  }

  // begin is called before the board is drawn again.
  begin(): void {
    this.hadFocus = this.root.contains(document.activeElement);
  }

  // cell makes el the cell at (col, row) with a label.
  cell(el: SVGElement, col: number, row: number, label: string): void {
    el.dataset.col = String(col);
    el.dataset.row = String(row);
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
    el.setAttribute("tabindex", "-1");
  }

  // end is called once the cells are drawn: the current cell (or start,
  // the first time) takes the tab stop, and the focus if it had it.
  end(start?: [number, number]): void {
    if (!this.placed && start) [this.col, this.row] = start;
    const el = this.roving();
    if (this.hadFocus && el && document.activeElement !== el) el.focus({ preventScroll: true });
    this.hadFocus = false;
  }

  // focus puts the keyboard on the board.
  focus(): void {
    this.roving()?.focus({ preventScroll: true });
  }

  private at(col: number, row: number): SVGElement | null {
    return this.root.querySelector(`[data-col="${col}"][data-row="${row}"]`);
  }

  private roving(): SVGElement | null {
    let el = this.at(this.col, this.row);
    if (!el) {
      el = this.root.querySelector("[data-col]");
      if (el) {
        this.col = Number(el.dataset.col);
        this.row = Number(el.dataset.row);
      }
    }
    this.root.querySelectorAll('[data-col][tabindex="0"]').forEach((c) => c !== el && c.setAttribute("tabindex", "-1"));
    el?.setAttribute("tabindex", "0");
    return el;
  }

  private key(e: KeyboardEvent): void {
    const d: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const cur = (e.target as Element).closest?.("[data-col]") as SVGElement | null;
    if (!cur) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      cur.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    const step = d[e.key];
    if (!step) return;
    e.preventDefault();
    const next = this.at(Number(cur.dataset.col) + step[0], Number(cur.dataset.row) + step[1]);
    if (next) {
      this.col = Number(next.dataset.col);
      this.row = Number(next.dataset.row);
      this.placed = true;
      this.roving();
      next.focus(); // scrolled into sight in a frame that pans
    }
  }
}

// redrawKeepingFocus runs redraw, which draws a panel anew, and gives
// the focus back to the control that had it (found again by sel), so
// that a choice made with the keyboard does not send the focus away.
export function redrawKeepingFocus(redraw: () => void, sel: string): void {
  const had = document.activeElement;
  redraw();
  if (had && !document.contains(had)) document.querySelector<HTMLElement>(sel)?.focus();
}

// boardHints makes every cell of a board (an element with an aria-label
// and data-col) name itself in a hint beside it: on keyboard focus, and
// on a long press on a touch screen, where a hover's title never shows
// (the SVG titles serve the mouse). A long press only shows the hint: the
// click that ends it plays nothing.
const longPress = 500; // ms
const hint = (() => {
  let el: HTMLElement | null = null;
  return {
    show(cell: Element): void {
      const text = cell.getAttribute("aria-label");
      if (!text) return;
      if (!el) {
        el = document.createElement("div");
        el.className = "board-hint";
        el.setAttribute("role", "tooltip");
        document.body.append(el);
      }
      el.textContent = text;
      el.hidden = false;
      const r = cell.getBoundingClientRect();
      const w = el.offsetWidth, hgt = el.offsetHeight;
      const x = Math.max(4, Math.min(innerWidth - w - 4, r.left + r.width / 2 - w / 2));
      const above = r.top - hgt - 6;
      el.style.left = `${x}px`;
      el.style.top = `${above >= 4 ? above : Math.min(innerHeight - hgt - 4, r.bottom + 6)}px`;
    },
    hide(): void {
      if (el) el.hidden = true;
    },
  };
})();

function boardHints(root: SVGSVGElement): void {
  const cellOf = (t: EventTarget | null) => (t as Element | null)?.closest?.("[data-col]") as SVGElement | null;
  root.addEventListener("focusin", (e) => {
    const c = cellOf(e.target);
    if (c && c.matches(":focus-visible")) hint.show(c);
  });
  root.addEventListener("focusout", () => hint.hide());
  let timer = 0, x0 = 0, y0 = 0, pressed = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
  };
  root.addEventListener("pointerdown", (e) => {
    hint.hide();
    pressed = false;
    const c = cellOf(e.target);
    if (!c || e.pointerType !== "touch") return;
    x0 = e.clientX;
    y0 = e.clientY;
    timer = window.setTimeout(() => {
      pressed = true;
      hint.show(c);
    }, longPress);
  });
  root.addEventListener("pointermove", (e) => {
    if (timer && Math.hypot(e.clientX - x0, e.clientY - y0) > 10) cancel();
  });
  root.addEventListener("pointerup", cancel);
  root.addEventListener("pointercancel", cancel);
  // The click that ends a long press is the hint's, not a move.
  root.addEventListener("click", (e) => {
    if (!pressed) return;
    pressed = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);
  root.addEventListener("contextmenu", (e) => {
    if (cellOf(e.target)) e.preventDefault(); // a long press's menu
  });
  addEventListener("scroll", () => hint.hide(), { passive: true });
}
