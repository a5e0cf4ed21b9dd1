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

// Board hints. Every cell of a board (an element with an aria-label and
// data-col, a KeyGrid's) and every other part that names itself (an
// element with a data-hint attribute: a card, a counter, a region) shows
// its name and numbers in a hint beside it: on keyboard focus, and on a
// long press on a touch screen, where a hover's title never shows (the
// titles serve the mouse: hinted sets one). A long press only shows the
// hint: the click that ends it plays nothing. data-hint holds the hint's
// text, or is empty when the aria-label says it.
const longPress = 500; // ms
const hintTarget = "[data-hint], [data-col][aria-label]";
const hintText = (el: Element) => el.getAttribute("data-hint") || el.getAttribute("aria-label") || "";
const hint = (() => {
  let el: HTMLElement | null = null;
  return {
    show(cell: Element): void {
      const text = hintText(cell);
      if (!text) return;
      if (!el) {
        el = document.createElement("div");
        el.className = "board-hint";
        el.setAttribute("role", "tooltip");
        document.body.append(el);
      }
      el.textContent = text;
      el.hidden = false;
      // A board drawn anew takes its parts away, and their hint with them.
      const box = el;
      const watch = () => {
        if (box.hidden) return;
        if (!cell.isConnected) box.hidden = true;
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
      // Above the element, or below it when there is no room; beside
      // it when neither fits (a tall element), never over it.
      const r = cell.getBoundingClientRect();
      const w = el.offsetWidth, hgt = el.offsetHeight;
      let x = Math.max(4, Math.min(innerWidth - w - 4, r.left + r.width / 2 - w / 2));
      let y = r.top - hgt - 6;
      if (y < 4) y = r.bottom + 6;
      if (y + hgt > innerHeight - 4) {
        y = Math.max(4, Math.min(innerHeight - hgt - 4, r.top + r.height / 2 - hgt / 2));
        if (r.right + 6 + w <= innerWidth - 4) x = r.right + 6;
        else if (r.left - 6 - w >= 4) x = r.left - 6 - w;
        else y = Math.max(4, Math.min(innerHeight - hgt - 4, r.top - hgt - 6)); // no room beside: above, on screen
      }
      el.style.left = `${x}px`;
      el.style.top = `${y}px`;
    },
    hide(): void {
      if (el) el.hidden = true;
    },
  };
})();

// hinted makes el name itself in a hint: text (its name and numbers)
// on a long press and on keyboard focus, and as its title on hover.
// focusable puts it in the tab order (not for a board's cells, which a
// KeyGrid puts there one at a time, nor for a button, already there).
export function hinted<E extends Element>(el: E, text: string, focusable = true): E {
  el.setAttribute("data-hint", text);
  if (el instanceof HTMLElement) {
    el.title = text;
  } else {
    let t = el.querySelector(":scope > title");
    if (!t) {
      t = document.createElementNS("http://www.w3.org/2000/svg", "title");
      el.prepend(t);
    }
    t.textContent = text;
  }
  if (!el.getAttribute("aria-label") && !(el instanceof HTMLButtonElement)) {
    el.setAttribute("aria-label", text);
    if (!el.getAttribute("role")) el.setAttribute("role", el instanceof HTMLElement ? "group" : "img");
  }
  if (focusable && !el.hasAttribute("tabindex") && !(el instanceof HTMLButtonElement)) el.setAttribute("tabindex", "0");
  return el;
}

const hinting = new WeakSet<Element>();
let hidingOnScroll = false;

// boardHints shows the hints of root's parts (a board, a side panel).
export function boardHints(root: Element): void {
  if (hinting.has(root)) return;
  hinting.add(root);
  const cellOf = (t: EventTarget | null) => {
    const c = (t as Element | null)?.closest?.(hintTarget) || null;
    return c && root.contains(c) ? c : null;
  };
  root.addEventListener("focusin", (e) => {
    const c = cellOf(e.target);
    if (c && c === e.target && c.matches(":focus-visible")) hint.show(c);
  });
  root.addEventListener("focusout", () => hint.hide());
  let timer = 0, x0 = 0, y0 = 0, pressed = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
  };
  root.addEventListener("pointerdown", (ev) => {
    const e = ev as PointerEvent;
    hint.hide();
    pressed = false;
    cancel();
    const c = cellOf(e.target);
    if (!c || e.pointerType !== "touch") return;
    x0 = e.clientX;
    y0 = e.clientY;
    timer = window.setTimeout(() => {
      pressed = true;
      // The board may have been drawn anew under the finger (a move
      // came in): the part pressed is the one now there.
      const now = c.isConnected ? c : cellOf(document.elementFromPoint(x0, y0));
      if (now) hint.show(now);
    }, longPress);
  });
  root.addEventListener("pointermove", (ev) => {
    const e = ev as PointerEvent;
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
  if (!hidingOnScroll) {
    hidingOnScroll = true;
    addEventListener("scroll", () => hint.hide(), { passive: true, capture: true });
  }
}
