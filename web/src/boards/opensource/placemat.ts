// The placemat: each Infrastructure stack's condition in words and the
// cards left, the Market Demand card with its formation drawn, and the
// sets still in reserve.

import { h, s, fill, title, plural } from "../../dom";
import { OpenSourceDemandView as DemandView, OpenSourceStack as Stack } from "../../observations";
import { hinted } from "../board";
import { Obs } from "./context";
import { Extent, corners } from "./geometry";
import { tileShape } from "./tiles";
import { powerText } from "./words";

export function drawPlacemat(el: HTMLElement, o: Obs): void {
  fill(el,
    h("h3", {}, "The placemat"),
    h("div", { class: "os-stacks" }, ...o.placemat.map((st) => stackEl(o, st, true)), demandEl(o)),
    o.reserve.length ? h("p", { class: "note os-reserve", "data-reserve": o.reserve.map((st) => st.set).join("") }, "Still to come: ",
      ...o.reserve.map((st, i) => h("span", { title: `${st.name}: needs ${st.condition}; ${powerText(st.reward)}` }, i ? ", " : "", `${st.set} ${st.name} (${st.left})`)), ".") : h("p", { class: "note" }, "No sets left in reserve."));
}

// stackEl is an Infrastructure stack; onMat, one on the placemat (whose
// condition may be met).
function stackEl(o: Obs, st: Stack, onMat: boolean): HTMLElement {
  return hinted(h("div", {
    "data-key": `stack:${st.set}`,
    class: "os-stack" + (onMat && st.met ? " met" : "") + (st.left ? "" : " empty"), "data-stack": st.set, "data-left": st.left,
    role: "group", "aria-label": `${st.set}, ${st.name}: ${st.left} left; needs ${st.condition}; gives ${powerText(st.reward)}`,
  },
    h("div", { class: "os-stack-head" }, h("span", { class: "os-set" }, st.set), h("strong", {}, st.name)),
    h("div", { class: "os-cond" }, "Needs ", st.condition),
    h("div", { class: "os-power" }, powerText(st.reward)),
    h("div", { class: "os-left" }, plural(st.left, "card") + " left", onMat && st.met && o.to_move ? h("span", { class: "os-badge" }, " · condition met") : null)),
    `Infrastructure set ${st.set}, ${st.name}: ${plural(st.left, "card")} left; needs ${st.condition}; gives ${powerText(st.reward)}` + (onMat && st.met ? "; its condition is met" : ""));
}

// demandEl is the face-up Market Demand card, or its empty place.
function demandEl(o: Obs): HTMLElement {
  const d = o.demand;
  if (!d) {
    return hinted(h("div", { class: "os-demand empty", "data-demand": "", "data-key": "demand" }, h("strong", {}, "Market Demand"), h("div", { class: "os-cond" }, o.deck_left ? "the next card is about to be drawn" : "the deck is empty")),
      `Market Demand: no card face up; ${o.deck_left ? `${plural(o.deck_left, "card")} in the deck, the next about to be drawn` : "the deck is empty"}`);
  }
  return hinted(h("div", { class: "os-demand" + (d.met ? " met" : ""), "data-demand": d.name, "data-key": "demand", role: "group", "aria-label": `Market Demand card: ${d.name}` },
    h("div", { class: "os-stack-head" }, h("span", { class: "os-set md" }, "MD"), h("strong", {}, d.name)),
    formationEl(d),
    h("div", { class: "os-cond" }, "The formation, turned any way (never mirrored), in the Commons or your Lab"),
    h("div", { class: "os-power" }, `+${plural(d.spaces, "Lab space")}`),
    h("div", { class: "os-left" }, `${plural(o.deck_left, "card")} under it`, d.met && o.to_move ? h("span", { class: "os-badge" }, " · formation found") : null)),
    `Market Demand card ${d.name}: a formation of ${plural(d.tiles.length, "tile")} (${d.tiles.map((t) => `${t.tile} at t${t.turn}`).join(", ")}), turned any way, in the Commons or your Lab; ` +
    `gives +${plural(d.spaces, "Lab space")} and counts 1 toward the win; ${plural(o.deck_left, "card")} under it` + (d.met ? "; the formation is found" : ""));
}

// formationEl draws a Market Demand card's formation.
function formationEl(d: DemandView): SVGElement {
  const ext = new Extent();
  const g = s("g", {});
  for (const t of d.tiles) {
    const c = corners(t.row, t.col, t.up);
    for (const p of c) ext.point(p);
    g.append(title(s("g", { class: "os-tile", "data-at": t.at, "data-tile": t.tile, "data-turn": t.turn }, ...tileShape(c, t.up, t.edges || "")), `${t.at}: ${t.tile} at t${t.turn}`));
  }
  const { x0, y0, x1, y1 } = ext;
  const m = 1;
  const w = x1 - x0 + 2 * m;
  const fsvg = s("svg", { viewBox: `${x0 - m} ${y0 - m} ${w} ${y1 - y0 + 2 * m}`, class: "os-formation", role: "img", "aria-label": `formation: ${d.tiles.map((t) => `${t.tile} at t${t.turn} on ${t.at}`).join(", ")}` }, g);
  fsvg.style.maxWidth = `${Math.round(w * 5)}px`;
  return fsvg;
}
