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
// Spaces are "row,col"; a space points up when row + col is even. A
// tile's edges as they lie are listed from the space's horizontal edge
// clockwise; at turn k its own edge (e + k) mod 3 lies on edge e.
//
// Placements ("place", "lab", "to") are previewed: a click on a
// highlighted space shows the tile there at its first legal turn; Rotate
// (or R, or a second click) cycles through the turns the legal moves
// give that space; Place (or Enter) sends the move. Tiles to lift, to
// move and to put a token on are clicked on the board; everything else
// is a button in the action bar, one per legal move.
//
// The Commons pans and zooms: drag or the arrow keys pan, the wheel, a
// pinch or + and − zoom, Fit (or 0) shows every tile and every space on
// offer. Until the viewer pans or zooms, it fits itself after each move.

import { Entry } from "../api";
import { h, s, fill, title, plural } from "../dom";
import { Board, BoardFactory, Host, View, seatColours } from "./board";

interface TileView {
  at: string;
  row: number;
  col: number;
  up: boolean;
  tile?: string;
  turn: number;
  edges?: string;
  token?: number;
  owner?: number;
}

interface PlaceStats {
  finished: Record<string, number>;
  largest: Record<string, number>;
  holes: number;
}

interface LabView {
  seat: number;
  spaces: TileView[];
  stats: PlaceStats;
}

interface Stack {
  set: string;
  name: string;
  condition: string;
  reward: string;
  left: number;
  met?: boolean;
}

interface Holding {
  set: string;
  name: string;
  reward: string;
  cards: number;
}

interface SeatView {
  seat: number;
  infrastructure: Holding[];
  bdfl?: number[];
  demands: number;
  tokens?: { number: number; at?: string }[];
}

interface DemandView {
  name: string;
  tiles: TileView[];
  spaces: number;
  met?: boolean;
}

interface Obs {
  viewer: number;
  players: number;
  status: "setup" | "playing" | "over";
  phase: string;
  to_move: number;
  chance?: string;
  turn: number;
  turn_limit: number;
  commons: TileView[];
  labs: LabView[];
  supply: { tile: string; count: number }[];
  supply_size: number;
  placemat: Stack[];
  reserve: Stack[];
  seats: SeatView[];
  demand?: DemandView;
  deck_left: number;
  dice?: string;
  hand?: string;
  uses?: Record<string, number>;
  moving?: string;
  token?: number;
  extend?: number;
  placed?: string[];
  stats: PlaceStats;
  end?: string;
  returns?: number[];
}

type Place = "commons" | "lab";
type Pt = [number, number];

// The grid: a triangle's side and height in the SVG's units.
const SIDE = 10;
const HT = (SIDE * Math.sqrt(3)) / 2;
const HEX = 16; // the Commons: the hexagon of side 16 (G6)

const COLOUR: Record<string, string> = { Y: "yellow", B: "blue", R: "red" };

const powerWords: Record<string, [string, string]> = {
  agility: ["Agility", "roll one extra die, keep three"],
  productivity: ["Productivity", "roll and play another tile"],
  compatibility: ["Compatibility", "move or turn one tile"],
  bdfl: ["BDFL", "your token protects a Commons tile"],
  "bug-yellow": ["Bug catching", "change a die to yellow"],
  "bug-blue": ["Bug catching", "change a die to blue"],
  "bug-red": ["Bug catching", "change a die to red"],
  hardware: ["Hardware", "use another card once more"],
  forking: ["Forking", "take any tile instead of rolling"],
};
const powerName = (r: string) => powerWords[r]?.[0] || r;
const powerText = (r: string) => (powerWords[r] ? `${powerWords[r][0]}: ${powerWords[r][1]}` : r);

const endWords: Record<string, string> = {
  supply: "The supply ran out: everybody loses.",
  infrastructure: "The Infrastructure cards ran out: everybody wins.",
  "market-demand": "The Market Demand deck ran out: the most Market Demand cards win.",
  "turn-limit": "The turn limit was reached: everybody loses.",
};

const parseAt = (at: string): [number, number] => {
  const [r, c] = at.split(",").map(Number);
  return [r, c];
};
const isUp = (row: number, col: number) => (((row + col) % 2) + 2) % 2 === 0;

// corners of a space: pointing up, bottom-left, apex, bottom-right;
// pointing down, top-left, top-right, apex (y grows downwards).
function corners(row: number, col: number, up: boolean): Pt[] {
  const x = (col * SIDE) / 2, top = -row * HT, bottom = top + HT;
  return up
    ? [[x - SIDE / 2, bottom], [x, top], [x + SIDE / 2, bottom]]
    : [[x - SIDE / 2, top], [x + SIDE / 2, top], [x, bottom]];
}

// edgeEnds are each edge's two ends, edges numbered from the horizontal
// one clockwise: up, bottom, left, right; down, top, right, left.
function edgeEnds(c: Pt[], up: boolean): [Pt, Pt][] {
  return up ? [[c[0], c[2]], [c[0], c[1]], [c[1], c[2]]] : [[c[0], c[1]], [c[1], c[2]], [c[2], c[0]]];
}

const centroid = (c: Pt[]): Pt => [(c[0][0] + c[1][0] + c[2][0]) / 3, (c[0][1] + c[1][1] + c[2][1]) / 3];
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const pts = (list: Pt[]) => list.map((p) => `${+p[0].toFixed(2)},${+p[1].toFixed(2)}`).join(" ");

// edgesAt are a tile's edges as they lie at turn k: space edge e shows
// the tile's own edge (e + k) mod 3.
const edgesAt = (tile: string, k: number) => [0, 1, 2].map((e) => tile[(e + k) % 3]).join("");

// tileShape draws a tile by the tile model (G2): the Application area
// yellow along its Y edges, the Platform blue, every R edge's red line
// from its middle to the centre.
function tileShape(c: Pt[], up: boolean, edges: string): SVGElement[] {
  const g = centroid(c);
  const ends = edgeEnds(c, up);
  const allY = edges === "YYY";
  const out: SVGElement[] = [s("polygon", { points: pts(c), class: allY ? "os-app" : "os-plat" })];
  if (!allY) {
    for (let e = 0; e < 3; e++) {
      if (edges[e] !== "Y") continue;
      const [a, b] = ends[e];
      out.push(s("polygon", { points: pts([a, b, lerp(b, g, 0.52), lerp(a, g, 0.52)]), class: "os-app" }));
    }
  }
  let red = false;
  for (let e = 0; e < 3; e++) {
    if (edges[e] !== "R") continue;
    const m = lerp(ends[e][0], ends[e][1], 0.5);
    out.push(s("line", { x1: m[0], y1: m[1], x2: g[0], y2: g[1], class: "os-fmt" }));
    red = true;
  }
  if (red) out.push(s("circle", { cx: g[0], cy: g[1], r: 0.75, class: "os-fmt-end" }));
  out.push(s("polygon", { points: pts(c), class: "os-outline" }));
  return out;
}

const describeEdges = (edges: string) => edges.split("").map((k) => COLOUR[k] || k).join(", ");

// miniTile draws a tile type pointing up at turn t0, for buttons and
// lists.
function miniTile(tile: string, cls = "os-mini"): SVGElement {
  const svg = s("svg", { viewBox: `${-SIDE / 2 - 0.6} ${-HT - 0.6} ${SIDE + 1.2} ${HT + 1.2}`, class: cls, "aria-hidden": "true" });
  svg.append(...tileShape(corners(1, 0, true), true, tile));
  return svg;
}

function diceEl(dice: string): HTMLElement {
  return h("span", { class: "os-dice", "data-dice": dice, role: "img", "aria-label": `dice: ${dice.split("").map((d) => COLOUR[d]).join(", ")}` },
    ...dice.split("").map((d) => h("span", { class: `os-die die-${d}` }, d)));
}

interface Offers {
  targets: Map<string, number[]>; // "commons:2,0" → the legal turns
  tileMoves: Map<string, string>; // "commons:2,0" → "lift 2,0", "on 2,0"
  compat: string[]; // "move 2,0", "move lab 0,0"
  extend: string[]; // "extend 2,0"
  rest: string[]; // every other legal move: a button each
}

interface Selection {
  place: Place;
  at: string;
  k: number; // the turn shown
}

interface ViewBox {
  x: number;
  y: number;
  w: number;
}

export const opensource: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement, host: Host): Board => {
  const root = h("div", { class: "os-board", tabindex: "-1", role: "region", "aria-label": "Open Source, the Board Game" });
  const head = h("div", { class: "os-head" });
  const action = h("div", { class: "os-action", "aria-live": "polite" });
  // The Commons: a table and its grid drawn once, tiles and targets on
  // every update.
  const svg = s("svg", {
    class: "board os-commons", tabindex: "0", role: "group", "data-commons": "",
    "aria-label": "The Commons. Drag or use the arrow keys to pan; the wheel, a pinch or + and − to zoom; 0 to fit.",
  }) as SVGSVGElement;
  const tilesG = s("g", { class: "os-tiles" });
  let targetsLayer = s("g", { class: "os-targets" });
  let tileCache = new Map<string, SVGElement>();
  svg.append(tableLayer(), tilesG, targetsLayer);
  const zoomBar = h("div", { class: "os-zoom" },
    h("button", { type: "button", "data-action": "zoom-in", "aria-label": "Zoom in (+)", title: "Zoom in (+)", onclick: () => zoomBy(1.4) }, "+"),
    h("button", { type: "button", "data-action": "zoom-out", "aria-label": "Zoom out (−)", title: "Zoom out (−)", onclick: () => zoomBy(1 / 1.4) }, "−"),
    h("button", { type: "button", "data-action": "fit", "aria-label": "Fit the Commons to the window (0)", title: "Fit (0)", onclick: () => { auto = true; fit(); } }, "Fit"));
  const commonsWrap = h("div", { class: "os-commons-wrap" }, svg,
    h("div", { class: "os-view-bar" }, zoomBar, h("span", { class: "os-view-hint" }, "Drag to pan, wheel or pinch to zoom; keys: arrows, + −, 0")));
  const labsEl = h("div", { class: "os-labs" });
  const placematEl = h("div", { class: "os-placemat" });
  root.append(head, action, commonsWrap, labsEl, placematEl);
  boardEl.replaceChildren(root);
  const info = h("div", { class: "os-info" });
  const legend = h("details", { class: "os-legend" }, h("summary", {}, "The tiles"),
    h("div", { class: "os-legend-tiles" }, ...["YYB", "BBR", "YBR", "RRY"].map((t) => h("span", {}, miniTile(t), t))),
    h("p", { class: "legend" }, "Each edge is yellow (Y, an Application's edge), blue (B, a Platform's) or blue with a red line to the centre (R, a Format's). ",
      "Touching edges must match. Yellow areas make Applications, blue ones Platforms, red lines Formats; a feature is finished when nothing of it is left open. ",
      "A white disc is a BDFL token (its number, in its owner's colour). Tiles ringed in orange were placed this turn."));
  panel.replaceChildren(info, legend);

  let last: View | null = null;
  let version = -1;
  let sel: Selection | null = null;
  let compatMode = false;
  let offers: Offers = { targets: new Map(), tileMoves: new Map(), compat: [], extend: [], rest: [] };
  // The Commons' view box; auto: fit after every update.
  let vb: ViewBox = { x: -6 * SIDE, y: -4 * HT, w: 12 * SIDE };
  let auto = true;
  let bounds: [number, number, number, number] = [-SIDE, -2 * HT, SIDE, HT];

  function update(v: View): void {
    last = v;
    const o = v.obs as Obs;
    if (v.version !== version) {
      version = v.version;
      sel = null;
      compatMode = false;
    }
    for (const st of [...o.placemat, ...o.reserve, ...o.seats.flatMap((sv) => sv.infrastructure)]) setNames.set(st.set, st.name);
    offers = readOffers(v, o);
    if (sel && !offers.targets.has(`${sel.place}:${sel.at}`)) sel = null;
    if (!offers.compat.length) compatMode = false;
    if (compatMode) for (const m of offers.compat) offers.tileMoves.set(m.startsWith("move lab ") ? `lab:${m.slice(9)}` : `commons:${m.slice(5)}`, m);
    render(v, o);
  }

  function render(v: View, o: Obs): void {
    // Keep the keyboard where it was: the element with the same key, or
    // the first choice of the next step.
    const active = document.activeElement as HTMLElement | null;
    const inside = !!active && active !== root && root.contains(active);
    const key = inside ? active!.getAttribute("data-key") : null;

    drawHead(v, o);
    drawAction(v, o);
    drawCommons(v, o);
    // The rest changes less often than a move is made: drawn again only
    // when what it shows has changed.
    const names = o.seats.map((sv) => host.name(sv.seat));
    const labTargets = [...offers.targets].filter(([k]) => k.startsWith("lab:"));
    const labPicks = [...offers.tileMoves].filter(([k]) => k.startsWith("lab:"));
    once("labs", [o.labs, o.seats.map((sv) => sv.demands), names, v.seat, v.interactive, sel, labTargets, labPicks, offers.extend, o.phase, o.moving, o.to_move, o.placed, o.hand, o.status], () => drawLabs(v, o));
    once("placemat", [o.placemat, o.reserve, o.demand, o.deck_left, o.to_move], () => drawPlacemat(v, o));
    once("panel", [o.seats, names, v.seat, o.supply, o.supply_size, o.stats, o.commons.length, o.uses, o.to_move, o.status, o.returns, o.end, o.turn], () => drawPanel(v, o));
    root.dataset.phase = o.phase;
    root.dataset.turn = String(o.turn);
    if (inside && !active!.isConnected) {
      const same = key ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) : null;
      const next = same || action.querySelector<HTMLElement>("button[data-move], button[data-action]");
      (next || root).focus({ preventScroll: true });
    }
  }

  // The Infrastructure sets' names, for the log.
  const setNames = new Map<string, string>();
  const drawn = new Map<string, string>();
  function once(part: string, inputs: unknown[], draw: () => void): void {
    const key = JSON.stringify(inputs);
    if (drawn.get(part) === key) return;
    drawn.set(part, key);
    draw();
  }

  function readOffers(v: View, o: Obs): Offers {
    const of: Offers = { targets: new Map(), tileMoves: new Map(), compat: [], extend: [], rest: [] };
    if (!v.interactive) return of;
    const movingLab = !!o.moving?.startsWith("lab ");
    for (const m of v.legal) {
      const w = m.split(" ");
      switch (w[0]) {
        case "place":
        case "lab":
        case "to": {
          const place: Place = w[0] === "lab" || (w[0] === "to" && movingLab) ? "lab" : "commons";
          const k = `${place}:${w[1]}`;
          const list = of.targets.get(k) || [];
          list.push(Number(w[2]?.slice(1)));
          of.targets.set(k, list.sort());
          continue;
        }
        case "lift":
        case "on":
          of.tileMoves.set(`commons:${w[1]}`, m);
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
  function moveAt(o: Obs, place: Place, at: string, k: number): string {
    if (o.phase === "move") return `to ${at} t${k}`;
    return `${place === "lab" ? "lab" : "place"} ${at} t${k}`;
  }

  // The tile being placed: the one in hand, or the one Compatibility
  // moves.
  function previewTile(o: Obs): string {
    if (o.hand) return o.hand;
    if (o.moving) {
      const lab = o.moving.startsWith("lab ");
      const at = lab ? o.moving.slice(4) : o.moving;
      const list = lab ? o.labs.find((l) => l.seat === o.to_move)?.spaces || [] : o.commons;
      return list.find((t) => t.at === at)?.tile || "";
    }
    return "";
  }

  function select(place: Place, at: string): void {
    if (!last) return;
    const o = last.obs as Obs;
    const turns = offers.targets.get(`${place}:${at}`);
    if (!turns) return;
    if (sel && sel.place === place && sel.at === at) return rotate();
    sel = { place, at, k: turns[0] };
    render(last, o);
  }

  function rotate(): void {
    if (!sel || !last) return;
    const turns = offers.targets.get(`${sel.place}:${sel.at}`) || [];
    const i = turns.indexOf(sel.k);
    sel.k = turns[(i + 1) % turns.length];
    render(last, last.obs as Obs);
  }

  function placeSelected(): void {
    if (!sel || !last) return;
    host.move(moveAt(last.obs as Obs, sel.place, sel.at, sel.k));
  }

  function cancel(): void {
    sel = null;
    compatMode = false;
    if (last) update(last);
  }

  // The keys of a placement: R turns the preview, Enter places it,
  // Escape cancels. (Enter on a button is the button's.)
  const onKey = (e: KeyboardEvent) => {
    if (!root.isConnected) {
      document.removeEventListener("keydown", onKey);
      return;
    }
    const t = e.target as Element;
    if (e.ctrlKey || e.metaKey || e.altKey || t.closest?.("input, select, textarea")) return;
    if (!sel) return;
    if (e.key === "r" || e.key === "R") rotate();
    else if (e.key === "Enter" && !t.closest?.("button, a, [data-target]")) placeSelected();
    else if (e.key === "Escape") cancel();
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  function drawHead(v: View, o: Obs): void {
    fill(head,
      h("span", { class: "os-turn", "data-turn": o.turn }, o.status === "setup" ? "Set-up" : `Turn ${o.turn}`, h("span", { class: "os-limit" }, ` of at most ${o.turn_limit}`)),
      h("span", { class: "os-count", "data-supply": o.supply_size, title: "tiles left in the supply" }, `Supply ${o.supply_size}`),
      h("span", { class: "os-count", "data-deck": o.deck_left, title: "Market Demand cards under the top one" }, `Market Demand deck ${o.deck_left + (o.demand ? 1 : 0)}`),
      o.status === "over" ? null : h("span", { class: "os-who" }, o.to_move ? h("span", { class: "dot", "data-seat-colour": o.to_move }) : null, " ",
        o.to_move ? `${host.name(o.to_move)}${o.to_move === v.seat ? " (you)" : ""} ${doing(o)}` : chanceWords(o)));
  }

  function button(move: string, label: (Node | string)[], aria: string, cls = "os-choice"): HTMLElement {
    return h("button", { type: "button", class: cls, "data-move": move, "data-key": move, "aria-label": aria, title: move, onclick: () => host.move(move) }, ...label);
  }

  function drawAction(v: View, o: Obs): void {
    const mine = v.interactive && v.legal.length > 0;
    action.className = "os-action" + (mine ? " mine" : "");
    action.dataset.action = o.phase;
    const parts: Node[] = [];
    const say = (...c: (Node | string)[]) => parts.push(h("p", { class: "os-prompt" }, ...c));
    const row = (...c: (Node | null)[]) => {
      const els = c.filter((x): x is Node => !!x);
      if (els.length) parts.push(h("div", { class: "os-choices" }, ...els));
    };
    const things: Node[] = [];
    if (o.dice) things.push(h("span", { class: "os-thing" }, "Dice ", diceEl(o.dice)));
    const tile = previewTile(o);
    if (tile && o.status === "playing") things.push(h("span", { class: "os-thing", "data-hand": tile }, o.hand ? "Tile " : "Moving ", miniTile(tile), h("strong", {}, tile)));
    if (o.status === "over") {
      say(h("strong", {}, "Game over. "), outcomeText(o));
      fill(action, ...parts);
      return;
    }
    if (!mine) {
      say(o.to_move ? `${host.name(o.to_move)} ${doing(o)}.` : chanceWords(o) + "…");
      if (things.length) parts.push(h("div", { class: "os-things" }, ...things));
      fill(action, ...parts);
      return;
    }
    if (things.length) parts.push(h("div", { class: "os-things" }, ...things));
    const legal = v.legal;
    const has = (p: string) => legal.some((m) => m.startsWith(p));
    const rest = offers.rest;
    const pick = (p: string) => rest.filter((m) => m.startsWith(p));

    if (sel) {
      const turns = offers.targets.get(`${sel.place}:${sel.at}`) || [];
      const m = moveAt(o, sel.place, sel.at, sel.k);
      const where = sel.place === "lab" ? `your Lab's ${sel.at}` : `the Commons' ${sel.at}`;
      say(h("strong", {}, o.phase === "move" ? "Move " : "Place "), `the ${tile} on ${where} at `, h("strong", { "data-preview-turn": sel.k }, `t${sel.k}`),
        turns.length > 1 ? ` (${turns.length} legal turns: ${turns.map((k) => "t" + k).join(", ")}).` : " (its only legal turn).");
      row(turns.length > 1 ? h("button", { type: "button", class: "os-choice", "data-action": "rotate", "data-key": "rotate", "aria-label": `Rotate: the next legal turn (R); now t${sel.k}`, onclick: rotate }, "⟳ Rotate") : null,
        h("button", { type: "button", class: "os-choice primary", "data-action": "place", "data-move": m, "data-key": "place", "aria-label": `${o.phase === "move" ? "Move" : "Place"} it: ${m} (Enter)`, title: m, onclick: placeSelected }, o.phase === "move" ? "Move here" : "Place"),
        h("button", { type: "button", class: "os-choice quiet", "data-action": "cancel", "data-key": "cancel", "aria-label": "Cancel: choose another space (Escape)", onclick: cancel }, "Cancel"));
      fill(action, ...parts);
      return;
    }
    if (compatMode) {
      say(h("strong", {}, "Compatibility: "), "click a highlighted tile to move or turn it (in the Commons or in your Lab).");
      row(h("button", { type: "button", class: "os-choice quiet", "data-action": "cancel", "data-key": "cancel", "aria-label": "Cancel: do not use Compatibility", onclick: cancel }, "Cancel"));
      fill(action, ...parts);
      return;
    }
    switch (o.phase) {
      case "begin":
        say(h("strong", {}, "Before the roll: "), "use your Infrastructure, or roll.");
        break;
      case "keep":
        say(h("strong", {}, "Agility: "), "keep three of the dice.");
        break;
      case "dice":
        say(h("strong", {}, "The dice: "), has("catch") ? "catch a bug (change a die), or take the tile." : "take the tile.",
          has("lift") ? " The supply is out of that type: click a highlighted Commons tile to lift it." : "");
        break;
      case "place":
        say(h("strong", {}, `Place the ${o.hand}: `), offers.targets.size ? "click a highlighted space in the Commons or in your Lab to see it there." : "it fits nowhere.");
        break;
      case "after":
        say(h("strong", {}, "After the tile: "), "play another, use your Infrastructure, or go on to the reward.");
        break;
      case "move":
        say(h("strong", {}, "Compatibility: "), `click a highlighted space for the tile from ${o.moving} (its own space turns it).`);
        break;
      case "token":
        say(h("strong", {}, `BDFL token ${o.token}: `), "click a highlighted Commons tile to put it on.");
        break;
      case "reward":
        say(h("strong", {}, "Reward: "), "take one card whose condition holds, or none.");
        break;
      case "extend":
        say(h("strong", {}, "Market Demand: "), `click a highlighted space beside your Lab for a new Lab space (${plural(o.extend || 1, "space")} to add).`);
        break;
    }
    const sets = new Map([...o.placemat, ...o.reserve].map((st) => [st.set, st]));
    const held = new Map((o.seats[v.seat - 1]?.infrastructure || []).map((x) => [x.set, x]));
    row(...pick("roll").map((m) => {
      const n = Number(m.split("+")[1] || 0);
      return button(m, [n ? `Roll +${n}` : "Roll", n ? h("small", {}, ` ${n} Agility ${n === 1 ? "die" : "dice"}`) : ""], n ? `Roll with ${n} extra Agility ${n === 1 ? "die" : "dice"}, keep three (${m})` : "Roll the three dice (roll)");
    }));
    row(...pick("fork ").map((m) => button(m, [miniTile(m.slice(5)), `Fork ${m.slice(5)}`], `Forking: take a ${m.slice(5)} from the supply instead of rolling (${m})`)));
    row(offers.compat.length ? h("button", {
      type: "button", class: "os-choice", "data-action": "compat", "data-key": "compat", "data-moves": offers.compat.join("|"),
      "aria-label": "Compatibility: choose a tile to move or turn", onclick: () => { compatMode = true; if (last) update(last); },
    }, "Compatibility: move a tile…") : null,
      ...pick("bdfl ").map((m) => {
        const n = Number(m.slice(5));
        const at = o.seats[v.seat - 1]?.tokens?.find((t) => t.number === n)?.at;
        return button(m, [`BDFL token ${n}`, h("small", {}, at ? ` (now on ${at})` : "")], `BDFL: put your token ${n} on a Commons tile${at ? `; it leaves ${at}` : ""} (${m})`);
      }),
      ...pick("hardware ").map((m) => {
        const set = m.slice(9);
        const x = held.get(set) || sets.get(set);
        return button(m, [`Hardware: ${set} again`], `Hardware: use set ${set}${x ? ` (${x.name}, ${powerName(x.reward)})` : ""} once more (${m})`);
      }));
    row(...pick("keep ").map((m) => button(m, ["Keep ", diceEl(m.slice(5))], `Keep ${describeEdges(m.slice(5))} (${m})`)));
    row(...pick("catch ").map((m) => {
      const [a, b] = [m[6], m[8]];
      return button(m, [diceEl(a), " → ", diceEl(b)], `Bug catching: a ${COLOUR[a]} die becomes ${COLOUR[b]} (${m})`);
    }));
    row(...pick("take ").map((m) => button(m, [miniTile(m.slice(5)), `Take ${m.slice(5)}`], `Take a ${m.slice(5)} from the supply (${m})`)));
    row(...pick("return").map((m) => button(m, ["Return the tile"], "The tile fits nowhere: return it to the supply (return)")),
      ...pick("again").map((m) => button(m, ["Another tile", h("small", {}, " Productivity")], "Productivity: roll and play another tile (again)")),
      ...pick("done").map((m) => button(m, ["Done"], "Done: go on to the reward (done)")));
    row(...pick("reward ").map((m) => {
      const set = m.slice(7);
      if (set === "demand") return button(m, [`Take ${o.demand?.name || "the Market Demand card"}`, h("small", {}, ` +${plural(o.demand?.spaces || 0, "Lab space")}`)], `Take the Market Demand card ${o.demand?.name || ""} (${m})`);
      const st = sets.get(set);
      return button(m, [`Take ${set}: ${st?.name || ""}`, h("small", {}, st ? ` ${powerName(st.reward)}` : "")], `Take Infrastructure ${set}${st ? `, ${st.name}: ${powerText(st.reward)}` : ""} (${m})`);
    }), ...pick("pass").map((m) => button(m, ["No reward"], "Take no reward (pass)")));
    // Anything else the server offers (a move this board has no words
    // for) is a button too: every legal move can be clicked.
    const known = /^(roll|fork |bdfl |hardware |keep |catch |take |return|again|done|reward |pass)/;
    row(...rest.filter((m) => !known.test(m)).map((m) => button(m, [m], m)));
    fill(action, ...parts);
  }

  // ---- The Commons ----

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

  // tileEl draws a tile on a board; a tile with a move on it (lift, on,
  // move) is a button.
  function tileEl(t: TileView, place: Place, opts: { move?: string; placed?: boolean; dim?: boolean; moving?: boolean; lab?: number }): SVGElement {
    const c = corners(t.row, t.col, t.up);
    const g = s("g", {
      class: "os-tile" + (opts.move ? " pick" : "") + (opts.placed ? " placed" : "") + (opts.dim ? " dim" : "") + (opts.moving ? " moving" : ""),
      "data-at": t.at, "data-tile": t.tile, "data-turn": t.turn, "data-edges": t.edges, "data-token": t.token, "data-owner": t.owner,
      "data-lab": opts.lab,
    });
    g.append(...tileShape(c, t.up, t.edges || "BBB"));
    if (opts.placed) g.append(s("polygon", { points: pts(c), class: "os-placed-ring" }));
    if (opts.moving) g.append(s("polygon", { points: pts(c), class: "os-moving-ring" }));
    if (t.token) {
      const [x, y] = centroid(c);
      g.append(s("circle", { cx: x, cy: y, r: 2.1, class: "os-token", stroke: seatColours[(t.owner || 1) - 1] }));
      g.append(s("text", { x, y: y + 0.95, class: "os-token-n" }, String(t.token)));
    }
    const where = place === "lab" ? `Lab space ${t.at}` : t.at;
    const words = `${where}: ${t.tile} at t${t.turn}, edges ${describeEdges(t.edges || "")}` + (t.token ? `, BDFL token ${t.token} of ${host.name(t.owner || 0)}` : "");
    if (opts.move) {
      const m = opts.move;
      const verb = m.startsWith("lift") ? "Lift" : m.startsWith("on ") ? `Put BDFL token here:` : "Move or turn";
      g.append(s("polygon", { points: pts(c), class: "os-pick-ring" }));
      g.setAttribute("data-move", m);
      g.setAttribute("data-key", m);
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${verb} ${words} (${m})`);
      activate(g, () => host.move(m));
    }
    return title(g, words + (opts.move ? ` — click: ${opts.move}` : ""));
  }

  // activate makes an SVG element act on a click, Enter or Space.
  function activate(el: SVGElement, fn: () => void): void {
    el.addEventListener("click", fn);
    el.addEventListener("keydown", (e) => {
      const k = (e as KeyboardEvent).key;
      if (k === "Enter" || k === " ") {
        e.preventDefault();
        e.stopPropagation();
        fn();
      }
    });
  }

  // targetEl is a space where the tile may go; the selected one shows
  // the tile at its turn.
  function targetEl(o: Obs, place: Place, at: string, turns: number[], tile: string, occupied = false): SVGElement {
    const [row, col] = parseAt(at);
    const up = isUp(row, col);
    const c = corners(row, col, up);
    const chosen = sel && sel.place === place && sel.at === at ? sel : null;
    const moves = turns.map((k) => moveAt(o, place, at, k));
    const g = s("g", {
      class: "os-target" + (chosen ? " selected" : ""), tabindex: "0", role: "button",
      "data-target": at, "data-place": place, "data-turns": turns.join(" "), "data-moves": moves.join("|"), "data-key": `target:${place}:${at}`,
      "aria-label": chosen
        ? `${at}: the ${tile} shown at t${chosen.k}; Enter places it, R or a click turns it`
        : `${place === "lab" ? "Lab space" : "Space"} ${at}: ${o.phase === "move" ? "move" : "place"} the ${tile} here (${plural(turns.length, "legal turn")})`,
    });
    if (chosen) {
      const p = s("g", { class: "os-preview", "data-preview": "", "data-at": at, "data-turn": chosen.k, "data-place": place, "data-edges": edgesAt(tile, chosen.k) });
      p.append(...tileShape(c, up, edgesAt(tile, chosen.k)));
      g.append(p, s("polygon", { points: pts(c), class: "os-target-ring" }));
    } else {
      // A Lab space with a tile on it (the tile would go back to the
      // supply) is only ringed, so that its tile stays visible.
      const m = centroid(c);
      g.append(s("polygon", { points: pts(c.map((p) => lerp(p, m, 0.1))), class: "os-target-fill" + (occupied ? " over" : "") }));
    }
    // A click or Space chooses the space (again: turns the tile); Enter
    // chooses it, and on the chosen space places the tile.
    g.addEventListener("click", () => select(place, at));
    g.addEventListener("keydown", (e) => {
      const k = (e as KeyboardEvent).key;
      if (k !== "Enter" && k !== " ") return;
      e.preventDefault();
      e.stopPropagation();
      if (k === "Enter" && chosen) placeSelected();
      else select(place, at);
    });
    return title(g, `${at}: ${moves.join(" or ")}`);
  }

  function drawCommons(v: View, o: Obs): void {
    const placed = placedNow(v, o).commons;
    const tile = previewTile(o);
    const movingAt = o.phase === "move" && o.moving && !o.moving.startsWith("lab ") ? o.moving : "";
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const grow = (row: number, col: number) => {
      const x = (col * SIDE) / 2, y = -row * HT;
      x0 = Math.min(x0, x - SIDE / 2); x1 = Math.max(x1, x + SIDE / 2); y0 = Math.min(y0, y); y1 = Math.max(y1, y + HT);
    };
    // Tiles are drawn once and kept while they stay as they are (a
    // long game has two hundred of them and a state for every move).
    const keep = new Map<string, SVGElement>();
    for (const t of o.commons) {
      grow(t.row, t.col);
      // A tile turned in place is drawn by its preview.
      if (sel && sel.place === "commons" && sel.at === t.at) continue;
      const opts = { move: offers.tileMoves.get(`commons:${t.at}`), placed: placed.has(t.at), dim: t.at === movingAt && !!sel, moving: t.at === movingAt };
      const key = JSON.stringify([t, opts, t.owner ? host.name(t.owner) : ""]);
      keep.set(key, tileCache.get(key) || tileEl(t, "commons", opts));
    }
    for (const [key, el] of tileCache) if (!keep.has(key)) el.remove();
    for (const [key, el] of keep) if (!tileCache.has(key)) tilesG.append(el);
    tileCache = keep;
    const targetsG = s("g", { class: "os-targets" });
    for (const [k, turns] of offers.targets) {
      const [place, at] = k.split(":");
      if (place !== "commons") continue;
      const [row, col] = parseAt(at);
      grow(row, col);
      const el = targetEl(o, "commons", at, turns, tile, at === movingAt);
      if (sel && sel.place === "commons" && sel.at === at) targetsG.append(el);
      else targetsG.prepend(el);
    }
    targetsLayer.replaceWith(targetsG);
    targetsLayer = targetsG;
    if (x0 === Infinity) { x0 = -SIDE; x1 = SIDE; y0 = -2 * HT; y1 = HT; }
    bounds = [x0, y0, x1, y1];
    svg.dataset.tiles = String(o.commons.length);
    if (auto) fit();
    else applyView();
  }

  // turnSeat is the seat whose turn it is (at a roll, no seat is to
  // move: the last to have moved).
  function turnSeat(v: View, o: Obs): number {
    if (o.to_move) return o.to_move;
    for (let i = v.log.length - 1; i >= 0; i--) if (v.log[i].seat) return v.log[i].seat!;
    return 0;
  }

  // placedNow are the spaces of this turn's placements (the
  // observation's), told apart by the turn's moves in the log: in the
  // Commons or in the Lab.
  function placedNow(v: View, o: Obs): { commons: Set<string>; lab: Set<string> } {
    const out = { commons: new Set<string>(), lab: new Set<string>() };
    const at = new Set(o.placed || []);
    if (!at.size) return out;
    const seat = turnSeat(v, o);
    let i = v.log.length;
    while (i > 0 && (!v.log[i - 1].seat || v.log[i - 1].seat === seat)) i--;
    for (const e of v.log.slice(i)) {
      const w = e.move.split(" ");
      if (!at.has(w[1])) continue;
      if (w[0] === "place") out.commons.add(w[1]);
      else if (w[0] === "lab") out.lab.add(w[1]);
    }
    return out;
  }

  // ---- Panning and zooming ----

  // The SVG's size in pixels, as the last layout left it: read from a
  // ResizeObserver, not from the page, so that drawing a state never
  // waits for a layout.
  let size = { w: 0, h: 0 };
  const aspect = () => (size.w > 0 && size.h > 0 ? size.h / size.w : 0.75);
  const pixels = () => size.w || svg.getBoundingClientRect().width || 1;
  const ro = new ResizeObserver((entries) => {
    if (!svg.isConnected) return ro.disconnect();
    const r = entries[entries.length - 1].contentRect;
    if (r.width === size.w && r.height === size.h) return;
    size = { w: r.width, h: r.height };
    if (auto) fit();
    else applyView();
  });
  ro.observe(svg);

  function applyView(): void {
    const limit = 2 * HEX * SIDE + 4 * SIDE;
    vb.w = Math.min(Math.max(vb.w, 3 * SIDE), limit);
    const hgt = vb.w * aspect();
    // Keep the middle of the view on the table.
    const cx = Math.min(Math.max(vb.x + vb.w / 2, -HEX * SIDE), HEX * SIDE);
    const cy = Math.min(Math.max(vb.y + hgt / 2, -HEX * HT), HEX * HT);
    vb.x = cx - vb.w / 2;
    vb.y = cy - hgt / 2;
    svg.setAttribute("viewBox", `${vb.x.toFixed(2)} ${vb.y.toFixed(2)} ${vb.w.toFixed(2)} ${hgt.toFixed(2)}`);
    svg.dataset.auto = auto ? "true" : "false";
  }

  function fit(): void {
    const [x0, y0, x1, y1] = bounds;
    const m = SIDE * 0.8;
    const a = aspect();
    const w = Math.max(x1 - x0 + 2 * m, (y1 - y0 + 2 * m) / a, 8 * SIDE);
    vb = { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - (w * a) / 2, w };
    applyView();
  }

  // zoomBy zooms by f about a point of the SVG (pixels from its corner),
  // its middle by default.
  function zoomBy(f: number, px?: number, py?: number): void {
    const pw = pixels();
    const ph = pw * aspect();
    const fx = px === undefined ? 0.5 : px / pw, fy = py === undefined ? 0.5 : py / ph;
    const hgt = vb.w * aspect();
    const wx = vb.x + fx * vb.w, wy = vb.y + fy * hgt;
    vb.w = Math.min(Math.max(vb.w / f, 3 * SIDE), 2 * HEX * SIDE + 4 * SIDE);
    vb.x = wx - fx * vb.w;
    vb.y = wy - fy * vb.w * aspect();
    auto = false;
    applyView();
  }

  function panBy(dxPx: number, dyPx: number): void {
    const k = vb.w / pixels();
    vb.x -= dxPx * k;
    vb.y -= dyPx * k;
    auto = false;
    applyView();
  }

  // Pointers: one drags, two pinch. A press that moves less than a few
  // pixels is a click (on a space or a tile); after a drag the click is
  // swallowed.
  const pointers = new Map<number, { x: number; y: number }>();
  let dragged = false;
  let pressAt: { x: number; y: number } | null = null;
  let pinch: { d: number; mx: number; my: number } | null = null;
  const local = (e: PointerEvent) => {
    const r = svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    pointers.set(e.pointerId, local(e));
    if (pointers.size === 1) {
      pressAt = local(e);
      dragged = false;
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
      dragged = true;
    }
  });
  svg.addEventListener("pointermove", (e) => {
    const prev = pointers.get(e.pointerId);
    if (!prev) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    if (pointers.size >= 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      panBy(mx - pinch.mx, my - pinch.my);
      zoomBy(d / pinch.d, mx, my);
      pinch = { d, mx, my };
      return;
    }
    if (!dragged && pressAt && Math.hypot(p.x - pressAt.x, p.y - pressAt.y) < 6) return;
    if (!dragged) {
      dragged = true;
      svg.setPointerCapture(e.pointerId);
      svg.classList.add("dragging");
    }
    panBy(p.x - prev.x, p.y - prev.y);
  });
  const release = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) svg.classList.remove("dragging");
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  svg.addEventListener("click", (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, { capture: true });
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = local(e as unknown as PointerEvent);
    const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    zoomBy(Math.exp(-dy * 0.0015), p.x, p.y);
  }, { passive: false });
  svg.addEventListener("keydown", (e) => {
    const step = 60;
    switch (e.key) {
      case "ArrowLeft": panBy(step, 0); break;
      case "ArrowRight": panBy(-step, 0); break;
      case "ArrowUp": panBy(0, step); break;
      case "ArrowDown": panBy(0, -step); break;
      case "+": case "=": zoomBy(1.25); break;
      case "-": case "_": zoomBy(1 / 1.25); break;
      case "0": auto = true; fit(); break;
      default: return;
    }
    e.preventDefault();
  });

  // ---- The Labs ----

  function drawLabs(v: View, o: Obs): void {
    const tile = previewTile(o);
    const placed = placedNow(v, o).lab;
    const order = [...o.labs].sort((a, b) => (a.seat === v.seat ? -1 : b.seat === v.seat ? 1 : a.seat - b.seat));
    fill(labsEl, ...order.map((lab) => {
      const mine = lab.seat === v.seat && v.interactive;
      const sv = o.seats[lab.seat - 1];
      const g = s("g", {});
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      const grow = (row: number, col: number) => {
        const x = (col * SIDE) / 2, y = -row * HT;
        x0 = Math.min(x0, x - SIDE / 2); x1 = Math.max(x1, x + SIDE / 2); y0 = Math.min(y0, y); y1 = Math.max(y1, y + HT);
      };
      const movingAt = o.phase === "move" && o.moving?.startsWith("lab ") && lab.seat === o.to_move ? o.moving.slice(4) : "";
      for (const sp of lab.spaces) {
        grow(sp.row, sp.col);
        const c = corners(sp.row, sp.col, sp.up);
        g.append(title(s("polygon", { points: pts(c), class: "os-lab-space", "data-lab-space": sp.at }), `Lab space ${sp.at}${sp.tile ? "" : ": empty"}`));
      }
      for (const sp of lab.spaces) {
        if (!sp.tile) continue;
        if (mine && sel && sel.place === "lab" && sel.at === sp.at) continue;
        const move = mine ? offers.tileMoves.get(`lab:${sp.at}`) : undefined;
        g.append(tileEl(sp, "lab", { move, placed: lab.seat === turnSeat(v, o) && placed.has(sp.at), dim: sp.at === movingAt && !!sel, moving: sp.at === movingAt, lab: lab.seat }));
      }
      if (mine) {
        const tg: SVGElement[] = [];
        for (const [k, turns] of offers.targets) {
          const [place, at] = k.split(":");
          if (place !== "lab") continue;
          const [row, col] = parseAt(at);
          grow(row, col);
          const el = targetEl(o, "lab", at, turns, tile, lab.spaces.some((x) => x.at === at && !!x.tile));
          if (sel && sel.place === "lab" && sel.at === at) tg.push(el);
          else tg.unshift(el);
        }
        g.append(...tg);
        for (const m of offers.extend) {
          const at = m.slice(7);
          const [row, col] = parseAt(at);
          grow(row, col);
          const c = corners(row, col, isUp(row, col));
          const e = s("polygon", {
            points: pts(c), class: "os-extend", "data-move": m, "data-key": m, tabindex: "0", role: "button",
            "aria-label": `Add ${at} to your Lab (${m})`,
          });
          activate(e, () => host.move(m));
          g.append(title(e, `${at}: a new Lab space (${m})`));
        }
      }
      if (x0 === Infinity) { x0 = -SIDE; x1 = SIDE; y0 = -HT; y1 = HT; }
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
      return h("section", { class: "os-lab" + (mine ? " mine" : "") + (lab.seat === o.to_move && o.status === "playing" ? " current" : ""), "data-lab": lab.seat, "aria-label": `${host.name(lab.seat)}'s Lab` },
        h("header", {}, h("span", { class: "dot", "data-seat-colour": lab.seat }), " ", h("strong", {}, host.name(lab.seat)), lab.seat === v.seat ? " · you" : "",
          h("span", { class: "os-md", "data-demands": sv?.demands || 0, title: "Market Demand cards taken" }, `${sv?.demands || 0} Market Demand`)),
        lsvg,
        h("div", { class: "os-lab-stats" }, `finished: ${stats.finished.application || 0} app · ${stats.finished.platform || 0} platform · ${stats.finished.format || 0} format · ${plural(stats.holes, "hole")}`));
    }));
  }

  // ---- The placemat and the Market Demand card ----

  function drawPlacemat(v: View, o: Obs): void {
    const stack = (st: Stack, onMat: boolean) => h("div", {
      class: "os-stack" + (onMat && st.met ? " met" : "") + (st.left ? "" : " empty"), "data-stack": st.set, "data-left": st.left,
      role: "group", "aria-label": `${st.set}, ${st.name}: ${st.left} left; needs ${st.condition}; gives ${powerText(st.reward)}`,
    },
      h("div", { class: "os-stack-head" }, h("span", { class: "os-set" }, st.set), h("strong", {}, st.name)),
      h("div", { class: "os-cond" }, "Needs ", st.condition),
      h("div", { class: "os-power" }, powerText(st.reward)),
      h("div", { class: "os-left" }, plural(st.left, "card") + " left", onMat && st.met && o.to_move ? h("span", { class: "os-badge" }, " · condition met") : null));
    const d = o.demand;
    let demand: HTMLElement;
    if (d) {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      const g = s("g", {});
      for (const t of d.tiles) {
        const c = corners(t.row, t.col, t.up);
        for (const p of c) { x0 = Math.min(x0, p[0]); x1 = Math.max(x1, p[0]); y0 = Math.min(y0, p[1]); y1 = Math.max(y1, p[1]); }
        g.append(title(s("g", { class: "os-tile", "data-at": t.at, "data-tile": t.tile, "data-turn": t.turn }, ...tileShape(c, t.up, t.edges || "")), `${t.at}: ${t.tile} at t${t.turn}`));
      }
      const m = 1;
      const w = x1 - x0 + 2 * m;
      const fsvg = s("svg", { viewBox: `${x0 - m} ${y0 - m} ${w} ${y1 - y0 + 2 * m}`, class: "os-formation", role: "img", "aria-label": `formation: ${d.tiles.map((t) => `${t.tile} at t${t.turn} on ${t.at}`).join(", ")}` }, g);
      fsvg.style.maxWidth = `${Math.round(w * 5)}px`;
      demand = h("div", { class: "os-demand" + (d.met ? " met" : ""), "data-demand": d.name, role: "group", "aria-label": `Market Demand card: ${d.name}` },
        h("div", { class: "os-stack-head" }, h("span", { class: "os-set md" }, "MD"), h("strong", {}, d.name)),
        fsvg,
        h("div", { class: "os-cond" }, "The formation, turned any way (never mirrored), in the Commons or your Lab"),
        h("div", { class: "os-power" }, `+${plural(d.spaces, "Lab space")}`),
        h("div", { class: "os-left" }, `${plural(o.deck_left, "card")} under it`, d.met && o.to_move ? h("span", { class: "os-badge" }, " · formation found") : null));
    } else {
      demand = h("div", { class: "os-demand empty", "data-demand": "" }, h("strong", {}, "Market Demand"), h("div", { class: "os-cond" }, o.deck_left ? "the next card is about to be drawn" : "the deck is empty"));
    }
    fill(placematEl,
      h("h3", {}, "The placemat"),
      h("div", { class: "os-stacks" }, ...o.placemat.map((st) => stack(st, true)), demand),
      o.reserve.length ? h("p", { class: "note os-reserve", "data-reserve": o.reserve.map((st) => st.set).join("") }, "Still to come: ",
        ...o.reserve.map((st, i) => h("span", { title: `${st.name}: needs ${st.condition}; ${powerText(st.reward)}` }, i ? ", " : "", `${st.set} ${st.name} (${st.left})`)), ".") : h("p", { class: "note" }, "No sets left in reserve."));
  }

  // ---- The panel ----

  function drawPanel(v: View, o: Obs): void {
    const rows = o.seats.map((sv) => {
      const toMove = sv.seat === o.to_move && o.status === "playing";
      const ret = o.returns?.[sv.seat - 1];
      return h("tr", { class: toMove ? "current" : "", "data-seat": sv.seat },
        h("td", {}, h("span", { class: "dot", "data-seat-colour": sv.seat }), " ", host.name(sv.seat), sv.seat === v.seat ? " · you" : "",
          ret !== undefined ? h("span", { class: "os-return", "data-return": ret }, ` · return ${+ret.toFixed(3)}`) : null),
        h("td", { class: "num", "data-demands": sv.demands }, sv.demands),
        h("td", { class: "os-cards" }, ...sv.infrastructure.map((x) => {
          const uses = toMove ? o.uses?.[x.set] : undefined;
          return h("span", { class: "os-card-chip", "data-held": x.set + x.cards, title: `${x.name} ×${x.cards}: ${powerText(x.reward)}${uses !== undefined ? `; ${uses} use${uses === 1 ? "" : "s"} left this turn` : ""}` },
            h("strong", {}, x.set), `×${x.cards} `, powerName(x.reward), uses !== undefined ? h("span", { class: "os-uses", "data-uses": uses }, ` (${uses} left)`) : null);
        }), sv.infrastructure.length ? null : h("span", { class: "note" }, "none"),
          ...(sv.tokens || []).map((t) => h("span", { class: "os-token-chip", "data-token": t.number }, `token ${t.number}${t.at ? ` on ${t.at}` : " off the board"}`))));
    });
    const maxSupply = Math.max(1, ...o.supply.map((c) => c.count));
    fill(info,
      h("table", { class: "os-seats" },
        h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", { class: "num", title: "Market Demand cards" }, "MD"), h("th", {}, "Infrastructure (uses left this turn)"))),
        h("tbody", {}, ...rows)),
      h("div", { class: "os-supply", "data-supply": o.supply_size },
        h("strong", {}, `Supply: ${plural(o.supply_size, "tile")}`),
        h("div", { class: "os-supply-list" }, ...o.supply.map((c) => h("span", { class: "os-supply-item" + (c.count ? "" : " empty"), "data-type": c.tile, "data-count": c.count, title: `${c.tile}: ${c.count} left` },
          miniTile(c.tile), h("span", {}, c.tile), h("span", { class: "num" }, String(c.count)),
          h("span", { class: "os-bar" }, h("span", { class: `os-bar-fill w${Math.round((10 * c.count) / maxSupply)}` })))))),
      h("p", { class: "note os-stats" }, `The Commons: ${plural(o.commons.length, "tile")}; finished ${o.stats.finished.application || 0} Applications, ${o.stats.finished.platform || 0} Platforms, ${o.stats.finished.format || 0} Formats (largest ${o.stats.largest.application || 0}, ${o.stats.largest.platform || 0}, ${o.stats.largest.format || 0} tiles); ${plural(o.stats.holes, "hole")}.`),
      o.status === "over" ? h("p", { class: "os-end", "data-end-reason": o.end || "" }, outcomeText(o)) : null);
  }

  function doing(o: Obs): string {
    switch (o.phase) {
      case "begin": return "is about to roll";
      case "keep": return `keeps three of ${o.dice}`;
      case "dice": return `rolled ${o.dice}`;
      case "place": return `places a ${o.hand}`;
      case "after": return "may play another tile";
      case "move": return `moves the tile from ${o.moving} (Compatibility)`;
      case "token": return `puts BDFL token ${o.token} on a tile`;
      case "reward": return "chooses a reward";
      case "extend": return "adds a Lab space";
    }
    return "is to move";
  }

  // todo is what the viewer is to do, in the imperative.
  function todo(o: Obs): string {
    switch (o.phase) {
      case "begin": return "roll, or use your Infrastructure first";
      case "keep": return `keep three of ${o.dice}`;
      case "dice": return `take the tile ${o.dice} names`;
      case "place": return `place the ${o.hand}`;
      case "after": return "another tile, or on to the reward";
      case "move": return `move or turn the tile from ${o.moving}`;
      case "token": return `put BDFL token ${o.token} on a tile`;
      case "reward": return "take a reward, or none";
      case "extend": return "add a Lab space";
    }
    return "";
  }

  function chanceWords(o: Obs): string {
    if (o.status === "over") return "";
    switch (o.phase) {
      case "start": return "Drawing the start tile";
      case "reveal": return "Drawing the next Market Demand card";
      case "roll": return "Rolling the dice";
    }
    return o.chance || "Waiting";
  }

  function outcomeText(o: Obs): string {
    const why = endWords[o.end || ""] || "The game is over.";
    const ret = o.returns || [];
    const winners = o.seats.filter((sv) => (ret[sv.seat - 1] || 0) > 0);
    const counts = o.seats.map((sv) => `${host.name(sv.seat)} ${sv.demands}`).join(", ");
    let who = "";
    if (o.end === "market-demand") {
      const best = Math.max(...o.seats.map((sv) => sv.demands));
      who = winners.length === 1 ? ` ${host.name(winners[0].seat)} wins with ${plural(best, "card")}.` : ` ${winners.map((w) => host.name(w.seat)).join(" and ")} share the win with ${plural(best, "card")} each.`;
    }
    return `${why}${who} After ${plural(o.turn, "turn")}; Market Demand cards: ${counts}.`;
  }

  return {
    update,
    status(v) {
      const o = v.obs as Obs;
      if (o.status === "over") return "";
      if (!o.to_move) return chanceWords(o);
      return `turn ${o.turn}: ${o.to_move === v.seat && v.interactive ? todo(o) : doing(o).replace(/^is /, "")}`;
    },
    outcome(v) {
      return outcomeText(v.obs as Obs);
    },
    entry(e: Entry) {
      const m = e.move.startsWith("*") ? e.move.slice(1) : e.move;
      const w = m.split(" ");
      switch (w[0]) {
        case "start": return `the start tile is a ${w[1]} (${m})`;
        case "demand": return `the Market Demand card ${w.slice(1).join(" ").split("-").map((x) => x.charAt(0).toUpperCase() + x.slice(1)).join(" ")} comes up (${m})`;
        case "dice": return `the dice show ${w[1]}`;
        case "roll": return w[1] ? `rolls with ${w[1].slice(1)} Agility ${w[1] === "+1" ? "die" : "dice"} (${m})` : "rolls";
        case "fork": return `forks a ${w[1]} (${m})`;
        case "keep": return `keeps ${w[1]}`;
        case "catch": return `catches a bug: a ${COLOUR[w[1][0]]} die becomes ${COLOUR[w[1][2]]} (${m})`;
        case "take": return `takes a ${w[1]}`;
        case "lift": return `lifts the tile on ${w[1]} (${m})`;
        case "place": return `places it on ${w[1]} at ${w[2]} (${m})`;
        case "lab": return `places it in the Lab on ${w[1]} at ${w[2]} (${m})`;
        case "return": return "returns the tile to the supply (return)";
        case "again": return "plays another tile (again)";
        case "done": return "is done (done)";
        case "move": return `Compatibility: moves the tile on ${w.slice(1).join(" ")} (${m})`;
        case "to": return `…to ${w[1]} at ${w[2]} (${m})`;
        case "bdfl": return `uses BDFL token ${w[1]} (${m})`;
        case "on": return `…on the tile at ${w[1]} (${m})`;
        case "hardware": return `Hardware: set ${w[1]} once more (${m})`;
        case "reward": {
          if (w[1] === "demand") return "takes the Market Demand card (reward demand)";
          const name = setNames.get(w[1]);
          return `takes Infrastructure ${w[1]}${name ? `, ${name}` : ""} (${m})`;
        }
        case "pass": return "takes no reward (pass)";
        case "extend": return `adds Lab space ${w[1]} (${m})`;
      }
      return m;
    },
  };
};
