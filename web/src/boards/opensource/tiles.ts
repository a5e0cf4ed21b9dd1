// Drawing tiles by the tile model (G2): a tile's shape on a space, a
// small tile for buttons and lists, the dice, a tile on a board (a
// button when a move is made by clicking it), and a space where the tile
// being placed may go (with the preview of the selected one).

import { h, s, title, plural } from "../../dom";
import { OpenSourceTileView as TileView } from "../../observations";
import { hinted, seatColours } from "../board";
import { Obs } from "./context";
import { HT, Place, Pt, SIDE, centroid, corners, edgeEnds, edgesAt, isUp, lerp, parseAt, pts } from "./geometry";
import { Picker, moveAt } from "./selection";
import { COLOUR, describeEdges } from "./words";

// tileShape draws a tile on corners c: the Application area yellow
// along its Y edges, the Platform blue, every R edge's red line from its
// middle to the centre.
export function tileShape(c: Pt[], up: boolean, edges: string): SVGElement[] {
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

// miniTile draws a tile type pointing up at turn t0, for buttons and
// lists.
export function miniTile(tile: string, cls = "os-mini"): SVGElement {
  const svg = s("svg", { viewBox: `${-SIDE / 2 - 0.6} ${-HT - 0.6} ${SIDE + 1.2} ${HT + 1.2}`, class: cls, "aria-hidden": "true" });
  svg.append(...tileShape(corners(1, 0, true), true, tile));
  return svg;
}

export function diceEl(dice: string, hint = false): HTMLElement {
  const el = h("span", { class: "os-dice", "data-dice": dice, role: "img", "aria-label": `dice: ${dice.split("").map((d) => COLOUR[d]).join(", ")}` },
    ...dice.split("").map((d) => h("span", { class: `os-die die-${d}` }, d)));
  return hint ? hinted(el, `The dice: ${dice.split("").map((d) => COLOUR[d]).join(", ")} (${dice}): they name the tile type with those edges`) : el;
}

// activate makes an SVG element act on a click, Enter or Space.
export function activate(el: SVGElement, fn: () => void): void {
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

export interface TileLook {
  move?: string; // the move a click makes (lift, on, move)
  placed?: boolean; // placed this turn
  dim?: boolean; // moved by Compatibility, shown elsewhere
  moving?: boolean; // the tile Compatibility moves
  lab?: number; // the Lab's seat
}

// tileEl draws a tile on a board; a tile with a move on it is a button
// that sends it. name names a seat (a BDFL token's owner).
export function tileEl(t: TileView, place: Place, look: TileLook, name: (seat: number) => string, send: (move: string) => void): SVGElement {
  const c = corners(t.row, t.col, t.up);
  const g = s("g", {
    class: "os-tile" + (look.move ? " pick" : "") + (look.placed ? " placed" : "") + (look.dim ? " dim" : "") + (look.moving ? " moving" : ""),
    "data-at": t.at, "data-tile": t.tile, "data-turn": t.turn, "data-edges": t.edges, "data-token": t.token, "data-owner": t.owner,
    "data-lab": look.lab,
  });
  g.append(...tileShape(c, t.up, t.edges || "BBB"));
  if (look.placed) g.append(s("polygon", { points: pts(c), class: "os-placed-ring" }));
  if (look.moving) g.append(s("polygon", { points: pts(c), class: "os-moving-ring" }));
  if (t.token) {
    const [x, y] = centroid(c);
    g.append(s("circle", { cx: x, cy: y, r: 2.1, class: "os-token", stroke: seatColours[(t.owner || 1) - 1] }));
    g.append(s("text", { x, y: y + 0.95, class: "os-token-n" }, String(t.token)));
  }
  const where = place === "lab" ? `Lab space ${t.at}` : t.at;
  const words = `${where}: ${t.tile} at t${t.turn}, edges ${describeEdges(t.edges || "")}` + (t.token ? `, BDFL token ${t.token} of ${name(t.owner || 0)}` : "");
  const hint = `${place === "lab" ? `${look.lab ? name(look.lab) + "'s " : ""}Lab space` : "Commons space"} ${t.at}: a ${t.tile} tile turned t${t.turn}; ` +
    `its edges read clockwise ${describeEdges(t.edges || "")} (${t.edges || t.tile})` +
    (t.token ? `; BDFL token ${t.token} of ${name(t.owner || 0)} protects it` : "") + (look.placed ? "; placed this turn" : "") +
    (look.moving ? "; the tile Compatibility moves" : "") + (look.move ? `; click: ${look.move}` : "");
  g.setAttribute("data-hint", hint);
  if (look.move) {
    const m = look.move;
    const verb = m.startsWith("lift") ? "Lift" : m.startsWith("on ") ? `Put BDFL token here:` : "Move or turn";
    g.append(s("polygon", { points: pts(c), class: "os-pick-ring" }));
    g.setAttribute("data-move", m);
    g.setAttribute("data-key", m);
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", `${verb} ${words} (${m})`);
    activate(g, () => send(m));
  }
  return title(g, words + (look.move ? ` — click: ${look.move}` : ""));
}

// targetEl is a space where tile may go at turns; the selected one
// shows the tile at its turn. occupied: a Lab space with a tile on it
// (which would go back to the supply).
export function targetEl(o: Obs, picker: Picker, place: Place, at: string, turns: number[], tile: string, occupied = false): SVGElement {
  const [row, col] = parseAt(at);
  const up = isUp(row, col);
  const c = corners(row, col, up);
  const chosen = picker.selected(place, at);
  const moves = turns.map((k) => moveAt(o, place, at, k));
  const g = s("g", {
    class: "os-target" + (chosen ? " selected" : ""), tabindex: "0", role: "button",
    "data-target": at, "data-place": place, "data-turns": turns.join(" "), "data-moves": moves.join("|"), "data-key": `target:${place}:${at}`, "data-hint": "",
    "aria-label": chosen
      ? `${at}: the ${tile} shown at t${chosen.k}; Enter places it, R or a click turns it`
      : `${place === "lab" ? "Lab space" : "Space"} ${at}: ${o.phase === "move" ? "move" : "place"} the ${tile} here (${plural(turns.length, "legal turn")})`,
  });
  if (chosen) {
    const p = s("g", { class: "os-preview", "data-preview": "", "data-at": at, "data-turn": chosen.k, "data-place": place, "data-edges": edgesAt(tile, chosen.k) });
    p.append(...tileShape(c, up, edgesAt(tile, chosen.k)));
    g.append(p, s("polygon", { points: pts(c), class: "os-target-ring" }));
  } else {
    // A Lab space with a tile on it is only ringed, so that its tile
    // stays visible.
    const m = centroid(c);
    g.append(s("polygon", { points: pts(c.map((p) => lerp(p, m, 0.1))), class: "os-target-fill" + (occupied ? " over" : "") }));
  }
  // A click or Space chooses the space (again: turns the tile); Enter
  // chooses it, and on the chosen space places the tile.
  g.addEventListener("click", () => picker.select(place, at));
  g.addEventListener("keydown", (e) => {
    const k = (e as KeyboardEvent).key;
    if (k !== "Enter" && k !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    if (k === "Enter" && chosen) picker.place();
    else picker.select(place, at);
  });
  return title(g, `${at}: ${moves.join(" or ")}`);
}
