// Open Source, the Board Game (docs/rules/open-source-board-game.md):
// triangular tiles with yellow (Y), blue (B) and red-lined (R) edges,
// three colour dice, a shared Commons (a triangle grid inside a hexagon
// of side 16) and a small private Lab per player.
//
// A turn is a chain of small moves, each sent on its own with the
// version the page saw; the server answers the next step's legal moves
// with the next state, and only those are offered:
//   before the roll: "roll", "roll +N" (Agility), "fork TYPE", "move
//     R,C" / "move lab R,C" (Compatibility), "bdfl N", "hardware SET";
//   "keep DICE", "catch X>Y", "take TYPE", "lift R,C" (a Commons tile);
//   "place R,C tK" (the Commons) or "lab R,C tK" (the viewer's Lab), or
//   "return"; "again" / "done"; "to R,C tK" (where a moved tile goes);
//   "on R,C" (a BDFL token's tile); "reward SET", "reward demand",
//   "pass"; "extend R,C" (a new Lab space).
//
// This module puts the board together and draws each state; the parts
// are modules of their own:
//   geometry.ts   the triangle grid (spaces, corners, edges, turns)
//   tiles.ts      drawing tiles, dice, a tile on a board, a target space
//   selection.ts  the legal moves sorted into what the board offers, and
//                 the placement being chosen (select, rotate, place)
//   turn.ts       the turn under way (its seat, its placements, its tile)
//   commons.ts    the Commons, and viewport.ts its panning and zooming
//   labs.ts       the Labs
//   action.ts     the head line and the action bar (the buttons)
//   placemat.ts   the placemat and the Market Demand card
//   panel.ts      the side panel (seats, cards, supply) and the legend
//   words.ts      what the board says in words, the log's included

import { Entry } from "../../api";
import { h } from "../../dom";
import { Board, BoardFactory, Host, View, boardHints } from "../board";
import { drawAction, drawHead } from "./action";
import { CommonsView } from "./commons";
import { Ctx, Obs } from "./context";
import { drawLabs } from "./labs";
import { legend, drawPanel } from "./panel";
import { drawPlacemat } from "./placemat";
import { Picker, listenKeys } from "./selection";
import { chanceWords, doing, entryWords, outcomeText, todo } from "./words";

export const opensource: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement, host: Host): Board => {
  const root = h("div", { class: "os-board", tabindex: "-1", role: "region", "aria-label": "Open Source, the Board Game" });
  const head = h("div", { class: "os-head" });
  const action = h("div", { class: "os-action", "aria-live": "polite" });
  const commons = new CommonsView();
  const labsEl = h("div", { class: "os-labs" });
  const placematEl = h("div", { class: "os-placemat" });
  root.append(head, action, commons.el, labsEl, placematEl);
  boardEl.replaceChildren(root);
  const info = h("div", { class: "os-info" });
  panel.replaceChildren(info, legend());
  boardHints(root);
  boardHints(panel);

  let last: View | null = null;
  const picker = new Picker((m) => host.move(m), () => { if (last) update(last); });
  listenKeys(root, picker);
  // The Infrastructure sets' names, for the log.
  const setNames = new Map<string, string>();
  const drawn = new Map<string, string>();

  function update(v: View): void {
    last = v;
    const o = v.obs as Obs;
    for (const st of [...o.placemat, ...o.reserve, ...o.seats.flatMap((sv) => sv.infrastructure)]) setNames.set(st.set, st.name);
    picker.read(v, o);
    render({ v, o, host, picker });
  }

  function render(ctx: Ctx): void {
    const { v, o } = ctx;
    const offers = picker.offers;
    // Keep the keyboard where it was: the element with the same key, or
    // the first choice of the next step.
    const active = document.activeElement as HTMLElement | null;
    const inside = !!active && active !== root && root.contains(active);
    const key = inside ? active!.getAttribute("data-key") : null;

    drawHead(head, ctx);
    drawAction(action, ctx);
    commons.draw(ctx);
    // The rest changes less often than a move is made: drawn again only
    // when what it shows has changed.
    const names = o.seats.map((sv) => host.name(sv.seat));
    const labTargets = [...offers.targets].filter(([k]) => k.startsWith("lab:"));
    const labPicks = [...offers.tileMoves].filter(([k]) => k.startsWith("lab:"));
    once("labs", [o.labs, o.seats.map((sv) => sv.demands), names, v.seat, v.interactive, picker.sel, labTargets, labPicks, offers.extend, o.phase, o.moving, o.to_move, o.placed, o.hand, o.status, v.over], () => drawLabs(labsEl, ctx));
    once("placemat", [o.placemat, o.reserve, o.demand, o.deck_left, o.to_move], () => drawPlacemat(placematEl, o));
    once("panel", [o.seats, names, v.seat, o.supply, o.supply_size, o.stats, o.commons.length, o.uses, o.to_move, o.status, o.returns, o.end, o.turn, v.over], () => drawPanel(info, ctx));
    root.dataset.phase = o.phase;
    root.dataset.turn = String(o.turn);
    if (inside && !active!.isConnected) {
      const same = key ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) : null;
      const next = same || action.querySelector<HTMLElement>("button[data-move], button[data-action]");
      (next || root).focus({ preventScroll: true });
    }
  }

  // once draws a part again only when its inputs have changed.
  function once(part: string, inputs: unknown[], draw: () => void): void {
    const key = JSON.stringify(inputs);
    if (drawn.get(part) === key) return;
    drawn.set(part, key);
    draw();
  }

  return {
    update,
    status(v) {
      const o = v.obs as Obs;
      if (o.status === "over" || v.over) return "";
      if (!o.to_move) return chanceWords(o);
      return `turn ${o.turn}: ${o.to_move === v.seat && v.interactive ? todo(o) : doing(o).replace(/^is /, "")}`;
    },
    outcome(v) {
      return outcomeText(v.obs as Obs, host.name);
    },
    entry(e: Entry) {
      return entryWords(e, setNames);
    },
  };
};
