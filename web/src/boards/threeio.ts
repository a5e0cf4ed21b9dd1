// 3io (docs/rules/3io.md): a 6x6 board of sectors, tiles that fuse in
// threes. A turn is "expand" (then a chance draw) and a play, "play TILE
// SECTOR" or "play TILE SECTOR crew"; or "score SECTOR". The play is built
// from clicks: a held tile (chosen in the panel), the crew switch, and
// the sector on the board.

import { Entry } from "../api";
import { h, s, fill, title, plural } from "../dom";
import { ThreeioObservation as Obs, ThreeioSectorView as Sector } from "../observations";
import { Board, BoardFactory, Host, KeyGrid, View, boardHints, hinted, redrawKeepingFocus, seatColours } from "./board";

const SIDE = 6;
const CELL = 16;
const X0 = 7, Y0 = 2;
const FILES = "abcdef";

// Tile colours: the space chain warm to violet, civilization in greens.
const tileFill: Record<string, string> = {
  Dust: "#bfae94", Rock: "#8d6e63", Planet: "#3d8bd4", Sun: "#f2a007", Galaxy: "#6f4bb3",
  Probe: "#8fd3c8", Colony: "#3fb59f", Station: "#16897a", Sphere: "#0d6157", Singularity: "#0a3d36",
};
const darkText = new Set(["Dust", "Probe", "Sun", "Colony"]);

const sectorAt = (col: number, row: number) => FILES[col] + String(SIDE - row);
const index = (name: string) => (Number(name[1]) - 1) * SIDE + FILES.indexOf(name[0]);

// The chains (T10): a light tile fuses into the next one, dark side up.
const CHAINS = [["Dust", "Rock", "Planet", "Sun", "Galaxy"], ["Probe", "Colony", "Station", "Sphere", "Singularity"]];

// Tile numbers: points dark and light (T4), multiplier (T5). The game's
// text gives those of the match's table ("Du Dust 1/2, ... Co Colony
// 2/4 x2"); these are the defaults of docs/rules/3io.md.
interface Numbers { dark: number; light: number; mult: number }
const defaultNumbers: Record<string, Numbers> = {
  Dust: { dark: 1, light: 2, mult: 1 }, Rock: { dark: 3, light: 5, mult: 1 }, Planet: { dark: 8, light: 12, mult: 1 },
  Sun: { dark: 20, light: 30, mult: 1 }, Galaxy: { dark: 50, light: 75, mult: 1 },
  Probe: { dark: 1, light: 2, mult: 1 }, Colony: { dark: 2, light: 4, mult: 2 }, Station: { dark: 4, light: 6, mult: 3 },
  Sphere: { dark: 6, light: 9, mult: 4 }, Singularity: { dark: 10, light: 15, mult: 5 },
};

function tileNumbers(text: string): Record<string, Numbers> {
  const out: Record<string, Numbers> = { ...defaultNumbers };
  const civ = text.match(/^Civilization:.*$/m)?.[0] || "";
  for (const m of text.matchAll(/\b[A-Z][a-z] ([A-Z][a-z]+) (\d+)\/(\d+)( x(\d+))?/g)) {
    if (!(m[1] in defaultNumbers)) continue;
    // Multipliers are written only when they count (not under pacing).
    const civilization = CHAINS[1].includes(m[1]);
    out[m[1]] = { dark: Number(m[2]), light: Number(m[3]), mult: civilization && civ ? Number(m[5] || 1) : 1 };
  }
  return out;
}

// fusesInto says what a tile of a type and side becomes when it fuses.
function fusesInto(tile: string, side: string): string {
  if (side !== "light") return `a light ${tile}`;
  const chain = CHAINS.find((c) => c.includes(tile));
  const i = chain ? chain.indexOf(tile) : -1;
  if (!chain || i === chain.length - 1) return "";
  return `a dark ${chain[i + 1]}`;
}

interface Play {
  tile: string;
  sector: string;
  crew: boolean;
}

function parsePlay(m: string): Play | null {
  const w = m.split(" ");
  if (w[0] !== "play" || w.length < 3) return null;
  return { tile: w[1], sector: w[2], crew: w[3] === "crew" };
}

export const threeio: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement, host: Host): Board => {
  const svg = s("svg", { viewBox: `0 0 ${X0 + SIDE * CELL + 2} ${Y0 + SIDE * CELL + 7}`, class: "board threeio-board" }) as SVGSVGElement;
  boardEl.replaceChildren(svg);
  const grid = new KeyGrid(svg, "3io board, 6 by 6 sectors");
  boardHints(panel);
  let nums: Record<string, Numbers> = defaultNumbers;
  // What the player has chosen so far for a play.
  let chosenTile: string | null = null;
  let crew = false;
  let last: View | null = null;

  function update(v: View): void {
    last = v;
    const o = v.obs as Obs;
    grid.begin();
    const plays = v.legal.map(parsePlay).filter((p): p is Play => p !== null);
    const scores = new Set(v.legal.filter((m) => m.startsWith("score ")).map((m) => m.slice(6)));
    const tiles = [...new Set(plays.map((p) => p.tile))];
    if (!chosenTile || !tiles.includes(chosenTile)) chosenTile = tiles[0] || null;
    const crewPossible = plays.some((p) => p.crew && p.tile === chosenTile);
    const useCrew = crew && crewPossible;
    const targets = new Map<string, string>();
    for (const p of plays) {
      if (p.tile === chosenTile && p.crew === useCrew) targets.set(p.sector, `play ${p.tile} ${p.sector}${p.crew ? " crew" : ""}`);
    }
    const lastSector = lastPlaySector(v.log);
    nums = tileNumbers(v.text || "");
    const multAt = (c: number, r: number) => {
      let m = 1;
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        if (c + dc < 0 || c + dc >= SIDE || r + dr < 0 || r + dr >= SIDE) continue;
        const n = o.sectors[index(sectorAt(c + dc, r + dr))];
        if (n.tile) m = Math.max(m, nums[n.tile]?.mult || 1);
      }
      return m;
    };

    svg.replaceChildren();
    svg.append(s("rect", { x: X0 - 1, y: Y0 - 1, width: SIDE * CELL + 2, height: SIDE * CELL + 2, rx: 2, class: "space" }));
    for (let i = 0; i < SIDE; i++) {
      svg.append(s("text", { x: X0 + i * CELL + CELL / 2, y: Y0 + SIDE * CELL + 5, class: "coord" }, FILES[i]));
      svg.append(s("text", { x: 3.5, y: Y0 + i * CELL + CELL / 2 + 1.2, class: "coord" }, String(SIDE - i)));
    }
    for (let r = 0; r < SIDE; r++) {
      for (let c = 0; c < SIDE; c++) {
        const name = sectorAt(c, r);
        const sec = o.sectors[index(name)];
        const x = X0 + c * CELL, y = Y0 + r * CELL;
        svg.append(s("rect", { x: x + 0.4, y: y + 0.4, width: CELL - 0.8, height: CELL - 0.8, rx: 1.5, class: "sector" }));
        if (sec.tile) svg.append(drawTile(sec, x, y));
        if (name === lastSector) svg.append(s("rect", { x: x + 0.2, y: y + 0.2, width: CELL - 0.4, height: CELL - 0.4, rx: 2, class: "last" }));
        const move = targets.get(name) || (scores.has(name) ? "score " + name : undefined);
        if (move) {
          svg.append(s("rect", { x: x + 1.2, y: y + 1.2, width: CELL - 2.4, height: CELL - 2.4, rx: 2, class: "target " + (move.startsWith("score") ? "score" : "play") }));
        }
        const hit = s("rect", {
          x, y, width: CELL, height: CELL, class: "hit" + (move ? " legal" : ""),
          "data-sector": name, "data-legal": move, "data-kind": move ? move.split(" ")[0] : undefined,
        });
        const numbers = sectorNumbers(sec, multAt(c, r), move);
        title(hit, describeSector(sec) + numbers + (move ? ` — click: ${move}` : ""));
        grid.cell(hit, c, r, describeSector(sec) + (move ? `; ${move}` : "") + numbers);
        hit.addEventListener("click", () => click(v, o, name, sec, move));
        svg.append(hit);
      }
    }
    const first = svg.querySelector<SVGElement>(".hit.legal");
    grid.end(first ? [Number(first.dataset.col), Number(first.dataset.row)] : [0, 0]);
    drawPanel(v, o, tiles, crewPossible, useCrew);
  }

  function drawTile(sec: Sector, x: number, y: number): SVGElement {
    const g = s("g", { class: "tile " + sec.side, "data-tile": sec.tile });
    const light = sec.side === "light";
    g.append(s("rect", { x: x + 1.6, y: y + 1.6, width: CELL - 3.2, height: CELL - 3.2, rx: 2.4, fill: tileFill[sec.tile!] || "#999", class: "face" }));
    if (light) g.append(s("rect", { x: x + 2.6, y: y + 2.6, width: CELL - 5.2, height: CELL - 5.2, rx: 1.6, class: "glow" }));
    const ink = darkText.has(sec.tile!) ? "#222" : "#fff";
    g.append(s("text", { x: x + CELL / 2, y: y + 7.6, class: "tile-name", fill: ink }, sec.tile!.length > 7 ? sec.tile!.slice(0, 6) + "." : sec.tile!));
    g.append(s("text", { x: x + CELL / 2, y: y + 10.6, class: "tile-side", fill: ink }, light ? "light" : "dark"));
    if (sec.bonus) {
      g.append(s("circle", { cx: x + CELL - 3, cy: y + 3, r: 2.1, class: "bonus" }));
      g.append(s("text", { x: x + CELL - 3, y: y + 3.9, class: "bonus-text" }, "+" + sec.bonus));
    }
    (sec.meeples || []).forEach((seat, i) => {
      g.append(s("circle", { cx: x + 3.8 + i * 3.9, cy: y + CELL - 3.4, r: 1.8, fill: seatColours[seat - 1], class: "meeple", "data-meeple": seat }));
    });
    return title(g, describeSector(sec));
  }

  // sectorNumbers are a sector's numbers: its tile's points on each
  // side, what it fuses into, its multiplier, what a crew meeple on it
  // scores now (T8: (points + bonus tokens) x the best multiplier
  // beside it); for an empty sector where a tile may go, that tile's.
  function sectorNumbers(sec: Sector, mult: number, move: string | undefined): string {
    if (!sec.tile) {
      const p = move ? parsePlay(move) : null;
      const n = p && nums[p.tile];
      return n ? `; a ${p!.tile} played here is worth ${n.dark} dark, ${n.light} light` + (mult > 1 ? `, x${mult} beside a multiplier` : "") : "";
    }
    const n = nums[sec.tile];
    if (!n) return "";
    const light = sec.side === "light";
    let t = `; worth ${plural(light ? n.light : n.dark, "point")} (${n.dark} dark, ${n.light} light)`;
    const into = fusesInto(sec.tile, sec.side || "dark");
    t += into ? `; fuses into ${into}` : light ? `; a group of light ${sec.tile}s scores ${n.light} each at once` : "";
    if (n.mult > 1) t += `; multiplies crewed tiles beside it x${n.mult}`;
    if (sec.meeples?.length) {
      const base = (light ? n.light : n.dark) + (sec.bonus || 0);
      t += `; a crew meeple scores ${sec.bonus ? `(${light ? n.light : n.dark} + ${sec.bonus})` : base} x ${mult} = ${base * mult} now`;
    }
    return t;
  }

  function describeSector(sec: Sector): string {
    if (!sec.tile) return `${sec.sector}: empty`;
    let t = `${sec.sector}: ${sec.tile}, ${sec.side} side`;
    if (sec.bonus) t += `, ${plural(sec.bonus, "bonus token")}`;
    if (sec.meeples?.length) t += `, crew of ${sec.meeples.map((q) => "seat " + q).join(", ")}`;
    return t;
  }

  // click plays what a click on a sector means now. A click that is not
  // a legal move tries only a move of the kind the phase calls for (a
  // play onto an empty sector, a score of a crewed tile), whose refusal
  // the server explains; any other click is answered here with what to
  // do instead, and never sends a move the player did not mean.
  function click(v: View, o: Obs, name: string, sec: Sector, move: string | undefined): void {
    if (!v.interactive) return host.say(v.over ? "The match is over." : "You are watching this match.");
    if (move) return host.move(move);
    if (o.phase === "over") return host.say("The game is over.");
    if (v.legal.length === 0) return host.say(`Not your turn: ${host.name(o.turn_of)} is to move.`, true);
    const me = o.players[v.seat - 1];
    const mine = (sec.meeples || []).includes(v.seat);
    const canScore = v.legal.some((m) => m.startsWith("score "));
    const canExpand = v.legal.includes("expand");
    const tile = chosenTile || me?.held[0];
    if (o.phase === "announce") {
      if (sec.tile && mine) return host.move("score " + name); // the server says why not
      if (sec.tile) {
        return host.say(`${name} holds no crew of yours: ${canScore ? "to score, click one of your crew's tiles (gold frame)" : "you have no crew on the board to score"}${canExpand ? ", or expand first to draw a tile" : ""}.`, true);
      }
      if (canExpand) return host.say(`Not yet: expand first (the Expand button draws a tile), then play it onto an empty sector${canScore ? ", or score one of your crew's tiles" : ""}.`, true);
      if (tile) return host.move(`play ${tile} ${name}${crew ? " crew" : ""}`);
      return host.say("Score one of your crew's tiles (gold frame).", true);
    }
    if (o.phase === "play") {
      if (sec.tile) return host.say(`${name} is taken: play your ${tile || "tile"} onto an empty sector (they are highlighted).`, true);
      if (tile) return host.move(`play ${tile} ${name}${crew ? " crew" : ""}`);
    }
    host.say("Wait for the tile to be drawn.", true);
  }

  function drawPanel(v: View, o: Obs, tiles: string[], crewPossible: boolean, useCrew: boolean): void {
    const me = o.players[v.seat - 1];
    let phase = "";
    if (o.phase === "announce") phase = o.box_total > 0 ? "expand (draw a tile) or score one of the crew" : "the box is empty: play the held tile or score";
    else if (o.phase === "play") phase = "play a held tile onto an empty sector";
    else if (o.phase === "draw") phase = "drawing a tile";
    const yourTurn = v.legal.length > 0;
    const controls: Node[] = [];
    if (yourTurn) {
      if (v.legal.includes("expand")) controls.push(h("button", { class: "primary", "data-move": "expand", onclick: () => host.move("expand") }, "Expand: draw a tile"));
      if (tiles.length) {
        controls.push(h("div", { class: "chooser" }, h("span", {}, "Tile to play: "),
          ...tiles.map((t) => h("button", {
            class: "tile-chip" + (t === chosenTile ? " selected" : ""), "data-tile": t, "data-swatch-tile": t,
            onclick: () => { chosenTile = t; if (last) redrawKeepingFocus(() => update(last!), `.tile-chip[data-tile="${t}"]`); },
            "data-hint": `Play your ${t}: worth ${nums[t]?.dark ?? "?"} dark, ${nums[t]?.light ?? "?"} light` + ((nums[t]?.mult || 1) > 1 ? `, multiplier x${nums[t].mult}` : ""),
          }, t))));
        controls.push(h("label", { class: "switch" + (crewPossible ? "" : " disabled") },
          h("input", { type: "checkbox", checked: useCrew, disabled: !crewPossible, "data-crew": "", onchange: (e: Event) => { crew = (e.target as HTMLInputElement).checked; if (last) redrawKeepingFocus(() => update(last!), "[data-crew]"); } }),
          ` Put a crew meeple on it${me ? ` (${me.crew_in_hand} in hand)` : ""}`));
        controls.push(h("p", { class: "note" }, "Then click a highlighted sector."));
      }
      if (v.legal.some((m) => m.startsWith("score "))) controls.push(h("p", { class: "note" }, "To score, click one of your crew's tiles (gold frame)."));
    }
    // A match resigned or drawn ends with a seat still to move: its turn
    // is not shown.
    const ended = o.phase === "over" || !!v.over;
    fill(panel,
      !ended ? h("p", { class: "turnline" }, h("span", { class: "dot", "data-seat-colour": o.turn_of }), ` ${host.name(o.turn_of)}: ${phase}`) : null,
      ...controls,
      h("table", { class: "players" },
        h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", { class: "num" }, "score"), h("th", { class: "num" }, "crew"), h("th", {}, "holds"))),
        h("tbody", {}, ...o.players.map((p) => hinted(h("tr", { class: p.seat === o.turn_of && !ended ? "current" : "", "data-seat": p.seat },
          h("td", {}, h("span", { class: "dot", "data-seat-colour": p.seat }), " ", host.name(p.seat), p.seat === v.seat ? " · you" : ""),
          h("td", { class: "num" }, p.score),
          h("td", { class: "num" }, p.crew_in_hand),
          h("td", {}, p.held.join(", ") || "—")),
          `${host.name(p.seat)}: ${plural(p.score, "point")}, ${p.crew_in_hand} crew in hand, holds ${p.held.map((x) => `a ${x} (${nums[x]?.dark ?? "?"} dark, ${nums[x]?.light ?? "?"} light)`).join(" and ") || "nothing"}`, false)))),
      h("div", { class: "box" }, h("strong", {}, `Box: ${o.box_total} tiles`),
        h("div", { class: "box-counts" }, ...o.box.map((b) => hinted(h("span", { class: "box-count" + (b.count ? "" : " empty"), "data-swatch-tile": b.tile }, `${b.tile} ${b.count}`),
          `${b.tile}: ${b.count} of ${o.box_total} in the box (a draw's chance ${o.box_total ? Math.round((100 * b.count) / o.box_total) : 0}%); worth ${nums[b.tile]?.dark ?? "?"} dark, ${nums[b.tile]?.light ?? "?"} light` +
          ((nums[b.tile]?.mult || 1) > 1 ? `, multiplier x${nums[b.tile].mult}` : ""), false)))),
      h("p", { class: "note" }, `Turn ${o.turn + (o.phase === "over" ? 0 : 1)} (limit ${o.turn_limit})`,
        o.pacing_level ? ` · civilization pacing: the game ends when a fusion makes a ${o.pacing_level} or higher` : ""),
      h("p", { class: "legend" }, "Three or more touching tiles of one type and side fuse into the one just played. Coloured dots are crew (one colour per seat), +n bonus tokens."));
  }

  return {
    update,
    status(v) {
      const o = v.obs as Obs;
      if (v.over) return "";
      if (o.phase === "announce") return o.box_total > 0 ? "expand or score" : "play the held tile or score";
      if (o.phase === "play") return "play a tile";
      if (o.phase === "draw") return "drawing";
      return "";
    },
    outcome(v) {
      const o = v.obs as Obs;
      const best = Math.max(...o.players.map((p) => p.score));
      const winners = o.players.filter((p) => p.score === best).map((p) => host.name(p.seat));
      const why = o.ended ? ` (${o.ended})` : "";
      return winners.length === 1 ? `${winners[0]} wins with ${best} points${why}.` : `${winners.join(" and ")} share the win with ${best} points${why}.`;
    },
    entry(e: Entry) {
      if (!e.seat && e.move.startsWith("*")) return e.move.slice(1) + " drawn";
      return e.move;
    },
  };
};

function lastPlaySector(log: Entry[]): string | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    const m = log[i].move;
    const p = parsePlay(m);
    if (p) return p.sector;
    if (m.startsWith("score ")) return m.slice(6);
  }
  return undefined;
}
