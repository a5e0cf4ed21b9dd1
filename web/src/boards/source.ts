// Source (docs/rules/source.md): a 9x9 grid of points, four colours
// growing from the corners. Seat 1 plays red and yellow, seat 2 blue and
// green. Every action names one point (place "e5", fortify "+e5",
// unfortify "-e5", capture "xe5") or is "end", so a click on a point is a
// move; a point with two actions on offer asks which.

import { Entry } from "../api";
import { h, s, fill, title } from "../dom";
import { SourceCell as Cell, SourceObservation as Obs } from "../observations";
import { Board, BoardFactory, Host, KeyGrid, View } from "./board";

const SIZE = 9;
const FILES = "abcdefghi";
export const colourFill: Record<string, string> = { red: "#d62839", blue: "#1f6fb5", yellow: "#f0b323", green: "#2f9e55" };
const colourDark: Record<string, string> = { red: "#8c1522", blue: "#123f68", yellow: "#9a6f07", green: "#1b5e32" };
const corners: Record<string, [number, number]> = { red: [0, 0], blue: [8, 0], yellow: [8, 8], green: [0, 8] };
const seatColours = [["red", "yellow"], ["blue", "green"]];

const pointName = (col: number, row: number) => FILES[col] + String(SIZE - row);
const px = (i: number) => 10 + 10 * i;

type Kind = "place" | "fortify" | "unfortify" | "capture";
const kindOf = (m: string): [Kind, string] | null => {
  if (m === "end") return null;
  switch (m[0]) {
    case "+":
      return ["fortify", m.slice(1)];
    case "-":
      return ["unfortify", m.slice(1)];
    case "x":
      return ["capture", m.slice(1)];
  }
  return ["place", m];
};

const describe: Record<Kind, string> = { place: "place on", fortify: "fortify", unfortify: "unfortify", capture: "capture" };
// What a colour did, in the log's words.
const did: Record<Kind, string> = { place: "places a token on", fortify: "fortifies", unfortify: "unfortifies", capture: "captures" };
const colourOrder = ["red", "blue", "yellow", "green"];

// colourOfEntries tells which colour made each entry of a log: colours
// take turns in order (S4), and the seats alternate with them (seat 1
// red and yellow, seat 2 blue and green), so each run of one seat's
// entries is one colour's turn. (A turn is never skipped: a colour with
// nothing to do plays "end".)
function colourOfEntries(log: Entry[]): Map<number, string> {
  const out = new Map<number, string>();
  let run = -1;
  let seat = 0;
  for (const e of log) {
    if (!e.seat) continue;
    if (e.seat !== seat) {
      run++;
      seat = e.seat;
    }
    out.set(e.n, colourOrder[run % 4]);
  }
  return out;
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

// endReason says why a game over by its rules ended (S16), as the
// observation shows it: the engine ends a game at once when an action
// empties a colour's supply, or after the fourth colour turn in a row
// with nothing but end (the safety rule, which leaves that count at 4).
function endReason(o: Obs): string {
  if (!o.over) return "";
  if (o.end_only_turns >= 4) return "Four colour turns in a row passed with nothing done but end, which ends the game (the safety rule). ";
  const empty = o.colours.filter((c) => c.supply === 0).map((c) => cap(c.colour));
  if (empty.length) return `${empty.join(" and ")}'s supply ran out, which ends the game. `;
  return "";
}

export const source: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement, host: Host): Board => {
  const svg = s("svg", { viewBox: "0 0 100 100", class: "board source-board" }) as SVGSVGElement;
  boardEl.replaceChildren(svg);
  const grid = new KeyGrid(svg, "Source board, 9 by 9 points");

  function update(v: View): void {
    const o = v.obs as Obs;
    grid.begin();
    const byPoint = new Map<string, string[]>();
    for (const m of v.legal) {
      const k = kindOf(m);
      if (!k) continue;
      const list = byPoint.get(k[1]) || [];
      list.push(m);
      byPoint.set(k[1], list);
    }
    const acting = o.to_move || "";
    svg.replaceChildren();
    svg.append(s("rect", { x: 1.5, y: 1.5, width: 97, height: 97, rx: 3, class: "wood" }));
    for (let i = 0; i < SIZE; i++) {
      svg.append(s("line", { x1: px(0), y1: px(i), x2: px(8), y2: px(i), class: "grid" }));
      svg.append(s("line", { x1: px(i), y1: px(0), x2: px(i), y2: px(8), class: "grid" }));
      svg.append(s("text", { x: px(i), y: 98, class: "coord" }, FILES[i]));
      svg.append(s("text", { x: 3.4, y: px(i) + 1.1, class: "coord" }, String(SIZE - i)));
    }
    for (const [colour, [c, r]] of Object.entries(corners)) {
      svg.append(title(s("rect", { x: px(c) - 4.2, y: px(r) - 4.2, width: 8.4, height: 8.4, rx: 1.2, fill: colourFill[colour], "fill-opacity": 0.2, stroke: colourFill[colour], "stroke-width": 0.6 }), `${colour}'s source`));
    }
    svg.append(title(s("rect", { x: px(4) - 1.5, y: px(4) - 1.5, width: 3, height: 3, transform: `rotate(45 ${px(4)} ${px(4)})`, class: "centre" }), "e5, the centre: 10 points held connected"));
    const lastMove = [...v.log].reverse().find((e) => e.seat && e.move !== "end");
    const lastPoint = lastMove ? kindOf(lastMove.move)?.[1] : undefined;

    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < SIZE; c++) {
        const name = pointName(c, r);
        const cell = o.board[r][c];
        const x = px(c), y = px(r);
        if (cell.colour) {
          const g = s("g", { class: "token", "data-colour": cell.colour });
          const f = colourFill[cell.colour], d = colourDark[cell.colour];
          if (cell.fortified) g.append(s("circle", { cx: x + 0.9, cy: y + 0.9, r: 3.7, fill: d }));
          if (cell.connected) {
            g.append(s("circle", { cx: x, cy: y, r: 3.7, fill: f, stroke: d, "stroke-width": 0.5 }));
          } else {
            g.append(s("circle", { cx: x, cy: y, r: 3.7, fill: "#fff", stroke: f, "stroke-width": 0.8, "stroke-dasharray": "1.4 0.9" }));
            g.append(s("circle", { cx: x, cy: y, r: 3.1, fill: f, "fill-opacity": 0.4 }));
          }
          if (cell.fortified) g.append(s("circle", { cx: x, cy: y, r: 1.8, fill: "none", stroke: "#fff", "stroke-width": 0.6 }));
          title(g, `${name}: ${cell.colour}${cell.fortified ? ", fortified" : ""}, ${cell.connected ? "connected" : "not connected"}`);
          svg.append(g);
        }
        if (name === lastPoint) svg.append(s("circle", { cx: x, cy: y, r: 4.7, class: "last" }));
        const moves = byPoint.get(name) || [];
        const kinds = moves.map((m) => kindOf(m)![0]);
        if (kinds.includes("place")) {
          svg.append(s("circle", { cx: x, cy: y, r: 1.9, fill: colourFill[acting], class: "target pulse" }));
        }
        for (const k of kinds) {
          if (k === "place") continue;
          svg.append(s("circle", { cx: x, cy: y, r: 4.6, class: "target ring " + k }));
          const sym = k === "fortify" ? "+" : k === "unfortify" ? "−" : "×";
          svg.append(s("circle", { cx: x + 3.4, cy: y - 3.4, r: 1.7, class: "badge " + k }));
          svg.append(s("text", { x: x + 3.4, y: y - 2.75, class: "badge-text" }, sym));
        }
        const hit = s("rect", {
          x: x - 5, y: y - 5, width: 10, height: 10, class: "hit" + (moves.length ? " legal" : ""),
          "data-point": name, "data-legal": moves.length ? moves.join(" ") : undefined, "data-kind": kinds[0],
        });
        const what = cell.colour ? `${cell.colour}${cell.fortified ? ", fortified" : ""}, ${cell.connected ? "connected" : "not connected"}` : "empty";
        const can = moves.length ? `; you may ${moves.map((m) => describe[kindOf(m)![0]]).join(" or ")} it` : "";
        title(hit, moves.length ? `${name}: ${moves.map((m) => describe[kindOf(m)![0]]).join(" or ")}` : name);
        grid.cell(hit, c, r, `${name}: ${what}${can}`);
        hit.addEventListener("click", () => click(v, o, name, cell, moves));
        svg.append(hit);
      }
    }
    // The keyboard starts on a point the player may play.
    const first = svg.querySelector<SVGElement>('.hit[data-kind="place"]') || svg.querySelector<SVGElement>(".hit.legal");
    grid.end(first ? [Number(first.dataset.col), Number(first.dataset.row)] : [4, 4]);
    drawPanel(v, o);
  }

  function click(v: View, o: Obs, name: string, cell: Cell, moves: string[]): void {
    if (!v.interactive) return host.say(v.over ? "The match is over." : "You are watching this match.");
    if (moves.length === 1) return host.move(moves[0]);
    if (moves.length > 1) return host.choose(`What to do on ${name}?`, moves);
    // Not a legal target: send what the click would mean anyway, so the
    // server says why it is not allowed (occupied, not connected, not
    // your turn, ...).
    const mine = seatColours[v.seat - 1] || [];
    let m = name;
    if (cell.colour && mine.includes(cell.colour)) m = "+" + name;
    else if (cell.colour) m = "x" + name;
    host.move(m);
  }

  function drawPanel(v: View, o: Obs): void {
    // A match resigned or drawn ends with a colour still to move: its
    // turn is not shown.
    const ended = o.over || !!v.over;
    const rows = o.colours.map((c) =>
      h("tr", { class: c.colour === o.to_move && !ended ? "current" : "", "data-colour": c.colour },
        h("td", {}, h("span", { class: "swatch", "data-swatch": c.colour }), " ", cap(c.colour)),
        h("td", {}, host.name(c.seat)),
        h("td", { class: "num" }, c.supply),
        h("td", { class: "num" }, c.score)));
    const scoreLine = (seat: number) =>
      h("div", { class: "seat-score" + (o.seat === seat && !ended ? " current" : ""), "data-seat": seat },
        h("span", { class: "who" }, host.name(seat), seat === v.seat ? " · you" : ""),
        h("span", { class: "cols" }, seatColours[seat - 1].join(" + ")),
        h("strong", { class: "score" }, o.scores[seat - 1]),
        // Our ruling 12: player 2's score includes the compensation.
        seat === 2 && o.compensation ? h("span", { class: "note", title: "the compensation (our ruling 12) is in this score" }, ` incl. +${o.compensation}`) : null);
    const canEnd = v.legal.includes("end");
    fill(panel,
      h("div", { class: "scores" }, scoreLine(1), scoreLine(2)),
      !ended && o.to_move ? h("p", { class: "turnline" }, h("span", { class: "swatch", "data-swatch": o.to_move }), ` ${cap(o.to_move)} to move, ${o.ap} AP left`) : null,
      canEnd ? h("button", { class: "primary", "data-move": "end", onclick: () => host.move("end") }, `End ${o.to_move}'s turn`) : null,
      // Our ruling 11 (end=round): a supply ran out; the round is played out.
      o.last_round && !ended ? h("p", { class: "note" }, "A supply is empty: the game ends after green's turn.") : null,
      o.end_only_turns > 0 && !ended ? h("p", { class: "note" }, `${o.end_only_turns} turn(s) in a row with nothing but end: the game ends at 4.`) : null,
      h("table", { class: "colours" },
        h("thead", {}, h("tr", {}, h("th", {}, "colour"), h("th", {}, "seat"), h("th", { class: "num" }, "supply"), h("th", { class: "num" }, "score"))),
        h("tbody", {}, ...rows)),
      h("p", { class: "legend" }, "Solid: connected to its source; pale, dashed: not connected; a white ring: fortified. ",
        v.legal.length ? "Highlighted points are your moves: a dot places, + fortifies, − unfortifies, × captures." : ""));
  }

  let colours = { len: -1, of: new Map<number, string>() };

  return {
    update,
    status(v) {
      const o = v.obs as Obs;
      if (o.over || v.over || !o.to_move) return "";
      return `${cap(o.to_move)} to move, ${o.ap} AP left`;
    },
    outcome(v) {
      const o = v.obs as Obs;
      const why = endReason(o);
      if (!o.winner) return `${why}A draw, ${o.scores[0]} all.`;
      const w = o.scores[o.winner - 1], l = o.scores[2 - o.winner];
      return `${why}${host.name(o.winner)} wins, ${w} to ${l}${w === l ? " (the tie-break: a token on the centre)" : ""}.`;
    },
    entry(e: Entry, log?: Entry[]) {
      if (log && colours.len !== log.length) colours = { len: log.length, of: colourOfEntries(log) };
      const k = kindOf(e.move);
      if (!log) return k ? `${cap(describe[k[0]])} ${k[1]} (${e.move})` : "End the turn (end)"; // a choice offered
      const who = colours.of.get(e.n);
      const words = k ? `${did[k[0]]} ${k[1]}` : "ends its turn";
      return `${who ? cap(who) : "It"} ${words} (${e.move})`;
    },
  };
};
