// The side panel of the Open Source board: each seat's Infrastructure
// cards (and the uses left this turn), BDFL tokens and Market Demand
// count, the supply, the Commons' features, at the end the returns; and
// the legend of the tiles.

import { h, fill, plural } from "../../dom";
import { OpenSourceSeatView as SeatView } from "../../observations";
import { hinted } from "../board";
import { Ctx } from "./context";
import { miniTile } from "./tiles";
import { describeEdges, outcomeText, powerName, powerText } from "./words";

// legend explains the tiles, once under the panel.
export function legend(): HTMLElement {
  return h("details", { class: "os-legend" }, h("summary", {}, "The tiles"),
    h("div", { class: "os-legend-tiles" }, ...["YYB", "BBR", "YBR", "RRY"].map((t) => h("span", {}, miniTile(t), t))),
    h("p", { class: "legend" }, "Each edge is yellow (Y, an Application's edge), blue (B, a Platform's) or blue with a red line to the centre (R, a Format's). ",
      "Touching edges must match. Yellow areas make Applications, blue ones Platforms, red lines Formats; a feature is finished when nothing of it is left open. ",
      "A white disc is a BDFL token (its number, in its owner's colour). Tiles ringed in orange were placed this turn."));
}

export function drawPanel(el: HTMLElement, ctx: Ctx): void {
  const { o, host } = ctx;
  fill(el,
    h("table", { class: "os-seats" },
      h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", { class: "num", title: "Market Demand cards" }, "MD"), h("th", {}, "Infrastructure (uses left this turn)"))),
      h("tbody", {}, ...o.seats.map((sv) => seatRow(ctx, sv)))),
    supplyEl(ctx),
    h("p", { class: "note os-stats" }, `The Commons: ${plural(o.commons.length, "tile")}; finished ${o.stats.finished.application || 0} Applications, ${o.stats.finished.platform || 0} Platforms, ${o.stats.finished.format || 0} Formats (largest ${o.stats.largest.application || 0}, ${o.stats.largest.platform || 0}, ${o.stats.largest.format || 0} tiles); ${plural(o.stats.holes, "hole")}.`),
    o.status === "over" ? h("p", { class: "os-end", "data-end-reason": o.end || "" }, outcomeText(o, host.name)) : null);
}

// seatRow is a seat's line: its name (and return at the end), Market
// Demand cards, Infrastructure cards and BDFL tokens.
function seatRow({ v, o, host }: Ctx, sv: SeatView): HTMLElement {
  const toMove = sv.seat === o.to_move && o.status === "playing" && !v.over;
  const ret = o.returns?.[sv.seat - 1];
  const words = `${host.name(sv.seat)}: ${plural(sv.demands, "Market Demand card")}; Infrastructure: ` +
    (sv.infrastructure.map((x) => `${x.set} ${x.name} x${x.cards} (${powerName(x.reward)})`).join(", ") || "none") +
    ((sv.tokens || []).length ? `; BDFL tokens: ${(sv.tokens || []).map((t) => `${t.number} ${t.at ? "on " + t.at : "off the board"}`).join(", ")}` : "") +
    (ret !== undefined ? `; return ${+ret.toFixed(3)}` : "");
  return hinted(h("tr", { class: toMove ? "current" : "", "data-seat": sv.seat },
    h("td", {}, h("span", { class: "dot", "data-seat-colour": sv.seat }), " ", host.name(sv.seat), sv.seat === v.seat ? " · you" : "",
      ret !== undefined ? h("span", { class: "os-return", "data-return": ret }, ` · return ${+ret.toFixed(3)}`) : null),
    h("td", { class: "num", "data-demands": sv.demands }, sv.demands),
    h("td", { class: "os-cards" }, ...sv.infrastructure.map((x) => {
      const uses = toMove ? o.uses?.[x.set] : undefined;
      return hinted(h("span", { class: "os-card-chip", "data-held": x.set + x.cards },
        h("strong", {}, x.set), `×${x.cards} `, powerName(x.reward), uses !== undefined ? h("span", { class: "os-uses", "data-uses": uses }, ` (${uses} left)`) : null),
        `Infrastructure ${x.set}, ${x.name} ×${x.cards}: ${powerText(x.reward)}${uses !== undefined ? `; ${uses} use${uses === 1 ? "" : "s"} left this turn` : ""}`, false);
    }), sv.infrastructure.length ? null : h("span", { class: "note" }, "none"),
      ...(sv.tokens || []).map((t) => hinted(h("span", { class: "os-token-chip", "data-token": t.number }, `token ${t.number}${t.at ? ` on ${t.at}` : " off the board"}`),
        `${host.name(sv.seat)}'s BDFL token ${t.number}: ${t.at ? `protects the Commons tile on ${t.at}` : "off the board"}`, false)))), words, false);
}

// supplyEl is the supply: each tile type's count, with a bar.
function supplyEl({ o }: Ctx): HTMLElement {
  const maxSupply = Math.max(1, ...o.supply.map((c) => c.count));
  return h("div", { class: "os-supply", "data-supply": o.supply_size },
    h("strong", {}, `Supply: ${plural(o.supply_size, "tile")}`),
    h("div", { class: "os-supply-list" }, ...o.supply.map((c) => hinted(h("span", { class: "os-supply-item" + (c.count ? "" : " empty"), "data-type": c.tile, "data-count": c.count },
      miniTile(c.tile), h("span", {}, c.tile), h("span", { class: "num" }, String(c.count)),
      h("span", { class: "os-bar" }, h("span", { class: `os-bar-fill w${Math.round((10 * c.count) / maxSupply)}` }))),
      `${c.tile} tiles (edges ${describeEdges(c.tile)}): ${c.count} left in the supply of ${o.supply_size}`, false))));
}
