// The Labs: each seat's small grid of its own spaces, the viewer's
// first. The viewer's Lab, on its turn, offers the spaces where the tile
// may go, its tiles Compatibility may move, and the new Lab spaces it
// may add (extend) beside it.

import { h, s, fill, title, plural } from "../../dom";
import { OpenSourceLabView as LabView } from "../../observations";
import { hinted } from "../board";
import { Ctx } from "./context";
import { Extent, HT, SIDE, corners, isUp, parseAt, pts } from "./geometry";
import { placeKey } from "./selection";
import { activate, targetEl, tileEl } from "./tiles";
import { movingAt, placedNow, previewTile, turnSeat } from "./turn";

export function drawLabs(el: HTMLElement, ctx: Ctx): void {
  const { v, o } = ctx;
  const order = [...o.labs].sort((a, b) => (a.seat === v.seat ? -1 : b.seat === v.seat ? 1 : a.seat - b.seat));
  const placed = placedNow(v, o).lab;
  fill(el, ...order.map((lab) => labEl(ctx, lab, lab.seat === turnSeat(v, o) ? placed : new Set())));
}

// labEl draws one Lab; placed are its spaces placed on this turn.
function labEl(ctx: Ctx, lab: LabView, placed: Set<string>): HTMLElement {
  const { v, o, host } = ctx;
  const mine = lab.seat === v.seat && v.interactive;
  const sv = o.seats[lab.seat - 1];
  const g = s("g", {});
  const ext = new Extent();
  for (const sp of lab.spaces) {
    ext.space(sp.row, sp.col);
    const c = corners(sp.row, sp.col, sp.up);
    g.append(hinted(s("polygon", { points: pts(c), class: "os-lab-space", "data-lab-space": sp.at }), `${host.name(lab.seat)}'s Lab space ${sp.at}${sp.tile ? "" : ": empty"}`, false));
  }
  g.append(...labTiles(ctx, lab, placed, mine));
  if (mine) g.append(...labTargets(ctx, lab, ext), ...labExtensions(ctx, ext));
  const [x0, y0, x1, y1] = ext.box([-SIDE, -HT, SIDE, HT]);
  const m = 1.2;
  const w = x1 - x0 + 2 * m, hh = y1 - y0 + 2 * m;
  const lsvg = s("svg", {
    viewBox: `${(x0 - m).toFixed(2)} ${(y0 - m).toFixed(2)} ${w.toFixed(2)} ${hh.toFixed(2)}`, class: "os-lab-svg", role: mine ? "group" : "img",
    "aria-label": `${host.name(lab.seat)}'s Lab: ${plural(lab.spaces.filter((x) => x.tile).length, "tile")} on ${plural(lab.spaces.length, "space")}`,
  }, g);
  // A Lab is drawn at the Commons' scale when it can be, smaller when
  // it is wide.
  lsvg.style.maxWidth = `${Math.round(w * (mine ? 7 : 4.5))}px`;
  const stats = lab.stats;
  const fin = stats.finished;
  const words = `${host.name(lab.seat)}'s Lab: ${plural(lab.spaces.filter((x) => x.tile).length, "tile")} on ${plural(lab.spaces.length, "space")}; ` +
    `finished ${fin.application || 0} Applications, ${fin.platform || 0} Platforms, ${fin.format || 0} Formats; ${plural(stats.holes, "hole")}; ` +
    `${plural(sv?.demands || 0, "Market Demand card")} taken`;
  return hinted(h("section", { "data-key": `lab:${lab.seat}`, class: "os-lab" + (mine ? " mine" : "") + (lab.seat === o.to_move && o.status === "playing" && !v.over ? " current" : ""), "data-lab": lab.seat, "aria-label": `${host.name(lab.seat)}'s Lab` },
    h("header", {}, h("span", { class: "dot", "data-seat-colour": lab.seat }), " ", h("strong", {}, host.name(lab.seat)), lab.seat === v.seat ? " · you" : "",
      h("span", { class: "os-md", "data-demands": sv?.demands || 0, title: "Market Demand cards taken" }, `${sv?.demands || 0} Market Demand`)),
    lsvg,
    h("div", { class: "os-lab-stats" }, `finished: ${stats.finished.application || 0} app · ${stats.finished.platform || 0} platform · ${stats.finished.format || 0} format · ${plural(stats.holes, "hole")}`)), words);
}

// labTiles are a Lab's tiles; in the viewer's, those Compatibility may
// move are buttons.
function labTiles({ o, host, picker }: Ctx, lab: LabView, placed: Set<string>, mine: boolean): SVGElement[] {
  const moving = movingAt(o, "lab", lab.seat);
  const out: SVGElement[] = [];
  for (const sp of lab.spaces) {
    if (!sp.tile) continue;
    // A tile turned in place is drawn by its preview.
    if (mine && picker.selected("lab", sp.at)) continue;
    const move = mine ? picker.offers.tileMoves.get(placeKey("lab", sp.at)) : undefined;
    out.push(tileEl(sp, "lab", { move, placed: placed.has(sp.at), dim: sp.at === moving && !!picker.sel, moving: sp.at === moving, lab: lab.seat }, host.name, (m) => host.move(m)));
  }
  return out;
}

// labTargets are the viewer's Lab spaces where the tile may go, the
// selected one last (drawn over the others).
function labTargets({ o, picker }: Ctx, lab: LabView, ext: Extent): SVGElement[] {
  const tile = previewTile(o);
  const out: SVGElement[] = [];
  for (const [k, turns] of picker.offers.targets) {
    const [place, at] = k.split(":");
    if (place !== "lab") continue;
    const [row, col] = parseAt(at);
    ext.space(row, col);
    const el = targetEl(o, picker, "lab", at, turns, tile, lab.spaces.some((x) => x.at === at && !!x.tile));
    if (picker.selected("lab", at)) out.push(el);
    else out.unshift(el);
  }
  return out;
}

// labExtensions are the new Lab spaces the viewer may add.
function labExtensions({ host, picker }: Ctx, ext: Extent): SVGElement[] {
  return picker.offers.extend.map((m) => {
    const at = m.slice(7);
    const [row, col] = parseAt(at);
    ext.space(row, col);
    const c = corners(row, col, isUp(row, col));
    const e = s("polygon", {
      points: pts(c), class: "os-extend", "data-move": m, "data-key": m, tabindex: "0", role: "button",
      "aria-label": `Add ${at} to your Lab (${m})`, "data-hint": "",
    });
    activate(e, () => host.move(m));
    return title(e, `${at}: a new Lab space (${m})`);
  });
}
