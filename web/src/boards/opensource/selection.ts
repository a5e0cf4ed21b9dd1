// The move being chosen on the Open Source board. The legal moves are
// sorted into what the board offers (Offers): spaces where a tile may go
// with their legal turns, tiles to click, the Compatibility tiles, new
// Lab spaces, and the rest (buttons). A placement ("place", "lab", "to")
// is previewed: a click on a space selects it at its first legal turn,
// Rotate (or R, or a second click) goes through its legal turns, Place
// (or Enter) sends the move, Escape cancels. The Picker holds that
// selection, and whether Compatibility was chosen (its tiles are then
// clicked on the board), until the next version of the state.

import { View } from "../board";
import { Obs } from "./context";
import { Place } from "./geometry";

export interface Offers {
  targets: Map<string, number[]>; // "commons:2,0" → the legal turns
  tileMoves: Map<string, string>; // "commons:2,0" → "lift 2,0", "on 2,0"
  compat: string[]; // "move 2,0", "move lab 0,0"
  extend: string[]; // "extend 2,0"
  rest: string[]; // every other legal move: a button each
}

export interface Selection {
  place: Place;
  at: string;
  k: number; // the turn shown
}

// placeKey is a space's key in Offers' maps.
export const placeKey = (place: Place, at: string) => `${place}:${at}`;

const noOffers = (): Offers => ({ targets: new Map(), tileMoves: new Map(), compat: [], extend: [], rest: [] });

// readOffers sorts the viewer's legal moves (none unless it may play).
export function readOffers(v: View, o: Obs): Offers {
  const of = noOffers();
  if (!v.interactive) return of;
  const movingLab = !!o.moving?.startsWith("lab ");
  for (const m of v.legal) {
    const w = m.split(" ");
    switch (w[0]) {
      case "place":
      case "lab":
      case "to": {
        const place: Place = w[0] === "lab" || (w[0] === "to" && movingLab) ? "lab" : "commons";
        const k = placeKey(place, w[1]);
        const list = of.targets.get(k) || [];
        list.push(Number(w[2]?.slice(1)));
        of.targets.set(k, list.sort());
        continue;
      }
      case "lift":
      case "on":
        of.tileMoves.set(placeKey("commons", w[1]), m);
        continue;
      case "move":
        of.compat.push(m);
        continue;
      case "extend":
        of.extend.push(m);
        continue;
    }
    of.rest.push(m);
  }
  return of;
}

// moveAt is the notation of a placement on a target at turn k.
export function moveAt(o: Obs, place: Place, at: string, k: number): string {
  if (o.phase === "move") return `to ${at} t${k}`;
  return `${place === "lab" ? "lab" : "place"} ${at} t${k}`;
}

// compatTile is the key of the tile a Compatibility move names.
const compatTile = (m: string) => (m.startsWith("move lab ") ? placeKey("lab", m.slice(9)) : placeKey("commons", m.slice(5)));

export class Picker {
  sel: Selection | null = null;
  // compat: Compatibility was chosen, and its tiles are offered.
  compat = false;
  offers: Offers = noOffers();
  private version = -1;
  private o: Obs | null = null;

  // send sends a move; redraw draws the board again after a choice.
  constructor(private send: (move: string) => void, private redraw: () => void) {}

  // read takes a new state: a new version forgets the choices made.
  read(v: View, o: Obs): void {
    this.o = o;
    if (v.version !== this.version) {
      this.version = v.version;
      this.sel = null;
      this.compat = false;
    }
    this.offers = readOffers(v, o);
    if (this.sel && !this.offers.targets.has(placeKey(this.sel.place, this.sel.at))) this.sel = null;
    if (!this.offers.compat.length) this.compat = false;
    if (this.compat) for (const m of this.offers.compat) this.offers.tileMoves.set(compatTile(m), m);
  }

  // selected is the selection if it is of the space at.
  selected(place: Place, at: string): Selection | null {
    return this.sel && this.sel.place === place && this.sel.at === at ? this.sel : null;
  }

  // turns are the legal turns of the selected space.
  turns(): number[] {
    return this.sel ? this.offers.targets.get(placeKey(this.sel.place, this.sel.at)) || [] : [];
  }

  // move is the selected placement's notation.
  move(): string {
    return this.sel && this.o ? moveAt(this.o, this.sel.place, this.sel.at, this.sel.k) : "";
  }

  // select selects a space (the one selected: turns its tile).
  select(place: Place, at: string): void {
    const turns = this.offers.targets.get(placeKey(place, at));
    if (!turns) return;
    if (this.selected(place, at)) return this.rotate();
    this.sel = { place, at, k: turns[0] };
    this.redraw();
  }

  rotate(): void {
    if (!this.sel) return;
    const turns = this.turns();
    const i = turns.indexOf(this.sel.k);
    this.sel.k = turns[(i + 1) % turns.length];
    this.redraw();
  }

  // place sends the selected placement.
  place(): void {
    if (this.sel && this.o) this.send(this.move());
  }

  cancel(): void {
    this.sel = null;
    this.compat = false;
    this.redraw();
  }

  // useCompat offers the tiles Compatibility may move.
  useCompat(): void {
    this.compat = true;
    this.redraw();
  }
}

// listenKeys gives a placement its keys while root is on the page: R
// turns the preview, Enter places it, Escape cancels. (Enter on a
// button is the button's.)
export function listenKeys(root: HTMLElement, picker: Picker): void {
  const onKey = (e: KeyboardEvent) => {
    if (!root.isConnected) {
      document.removeEventListener("keydown", onKey);
      return;
    }
    const t = e.target as Element;
    if (e.ctrlKey || e.metaKey || e.altKey || t.closest?.("input, select, textarea")) return;
    if (!picker.sel) return;
    if (e.key === "r" || e.key === "R") picker.rotate();
    else if (e.key === "Enter" && !t.closest?.("button, a, [data-target]")) picker.place();
    else if (e.key === "Escape") picker.cancel();
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);
}
