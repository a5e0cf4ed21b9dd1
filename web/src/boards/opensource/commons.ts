// The Commons: an SVG triangle grid inside the hexagon of side 16, with
// its tiles (drawn once and kept while they stay as they are: a long
// game has two hundred of them and a state for every move), the spaces
// where the tile being placed may go, and the view that pans and zooms.

import { h, s } from "../../dom";
import { Ctx } from "./context";
import { Extent, HEX, HT, Pt, SIDE, parseAt, pts } from "./geometry";
import { placeKey } from "./selection";
import { targetEl, tileEl } from "./tiles";
import { movingAt, placedNow, previewTile } from "./turn";
import { Viewport } from "./viewport";

export class CommonsView {
  readonly el: HTMLElement;
  private svg: SVGSVGElement;
  private tilesG = s("g", { class: "os-tiles" });
  private targetsG = s("g", { class: "os-targets" });
  // The tiles drawn, by what they look like.
  private tiles = new Map<string, SVGElement>();
  private view: Viewport;

  constructor() {
    // A table and its grid drawn once, tiles and targets on every update.
    this.svg = s("svg", {
      class: "board os-commons", tabindex: "0", role: "group", "data-commons": "",
      "aria-label": "The Commons. Drag or use the arrow keys to pan; the wheel, a pinch or + and − to zoom; 0 to fit.",
    }) as SVGSVGElement;
    this.svg.append(tableLayer(), this.tilesG, this.targetsG);
    this.view = new Viewport(this.svg);
    this.el = h("div", { class: "os-commons-wrap" }, this.svg,
      h("div", { class: "os-view-bar" }, this.view.buttons(), h("span", { class: "os-view-hint" }, "Drag to pan, wheel or pinch to zoom; keys: arrows, + −, 0")));
  }

  draw({ v, o, host, picker }: Ctx): void {
    const placed = placedNow(v, o).commons;
    const tile = previewTile(o);
    const moving = movingAt(o, "commons");
    const ext = new Extent();
    const keep = new Map<string, SVGElement>();
    for (const t of o.commons) {
      ext.space(t.row, t.col);
      // A tile turned in place is drawn by its preview.
      if (picker.selected("commons", t.at)) continue;
      const look = { move: picker.offers.tileMoves.get(placeKey("commons", t.at)), placed: placed.has(t.at), dim: t.at === moving && !!picker.sel, moving: t.at === moving };
      const key = JSON.stringify([t, look, t.owner ? host.name(t.owner) : ""]);
      keep.set(key, this.tiles.get(key) || tileEl(t, "commons", look, host.name, (m) => host.move(m)));
    }
    for (const [key, el] of this.tiles) if (!keep.has(key)) el.remove();
    for (const [key, el] of keep) if (!this.tiles.has(key)) this.tilesG.append(el);
    this.tiles = keep;
    const targets = s("g", { class: "os-targets" });
    for (const [k, turns] of picker.offers.targets) {
      const [place, at] = k.split(":");
      if (place !== "commons") continue;
      const [row, col] = parseAt(at);
      ext.space(row, col);
      const el = targetEl(o, picker, "commons", at, turns, tile, at === moving);
      // The selected space is drawn last, over the others.
      if (picker.selected("commons", at)) targets.append(el);
      else targets.prepend(el);
    }
    this.targetsG.replaceWith(targets);
    this.targetsG = targets;
    this.svg.dataset.tiles = String(o.commons.length);
    this.view.frame(ext.box([-SIDE, -2 * HT, SIDE, HT]));
  }
}

// tableLayer is the table: the hexagon, its grid and its centre.
function tableLayer(): SVGElement {
  const hex: Pt[] = [[HEX * SIDE, 0], [(HEX / 2) * SIDE, -HEX * HT], [(-HEX / 2) * SIDE, -HEX * HT], [-HEX * SIDE, 0], [(-HEX / 2) * SIDE, HEX * HT], [(HEX / 2) * SIDE, HEX * HT]];
  const g = s("g", { class: "os-table-layer" });
  const clip = s("clipPath", { id: "os-hex-clip" }, s("polygon", { points: pts(hex) }));
  g.append(s("defs", {}, clip));
  g.append(s("polygon", { points: pts(hex), class: "os-table" }));
  let d = "";
  const far = HEX * HT + HT;
  for (let k = -HEX; k <= HEX; k++) d += `M${-HEX * SIDE} ${(k * HT).toFixed(2)}H${HEX * SIDE}`;
  const dx = (far * SIDE) / (2 * HT);
  for (let m = -2 * HEX; m <= 2 * HEX; m++) {
    const x = m * SIDE;
    d += `M${(x - dx).toFixed(2)} ${far.toFixed(2)}L${(x + dx).toFixed(2)} ${(-far).toFixed(2)}`;
    d += `M${(x + dx).toFixed(2)} ${far.toFixed(2)}L${(x - dx).toFixed(2)} ${(-far).toFixed(2)}`;
  }
  g.append(s("path", { d, class: "os-grid", "clip-path": "url(#os-hex-clip)" }));
  g.append(s("circle", { cx: 0, cy: 0, r: 0.8, class: "os-centre" }));
  return g;
}
