// What the Open Source board says in words: the colours of edges and
// dice, the Infrastructure powers, how the game ended, what the seat to
// move is doing (and what the viewer is to do), and each move of the log.

import { Entry } from "../../api";
import { plural } from "../../dom";
import { Obs } from "./context";

export const COLOUR: Record<string, string> = { Y: "yellow", B: "blue", R: "red" };

export const describeEdges = (edges: string) => edges.split("").map((k) => COLOUR[k] || k).join(", ");

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
export const powerName = (r: string) => powerWords[r]?.[0] || r;
export const powerText = (r: string) => (powerWords[r] ? `${powerWords[r][0]}: ${powerWords[r][1]}` : r);

const endWords: Record<string, string> = {
  supply: "The supply ran out: everybody loses.",
  infrastructure: "The Infrastructure cards ran out: everybody wins.",
  "market-demand": "The Market Demand deck ran out: the most Market Demand cards win.",
  "turn-limit": "The turn limit was reached: everybody loses.",
};

// doing is what the seat to move is doing, after its name.
export function doing(o: Obs): string {
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
export function todo(o: Obs): string {
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

// chanceWords say what chance is about to do.
export function chanceWords(o: Obs): string {
  if (o.status === "over") return "";
  switch (o.phase) {
    case "start": return "Drawing the start tile";
    case "reveal": return "Drawing the next Market Demand card";
    case "roll": return "Rolling the dice";
  }
  return o.chance || "Waiting";
}

// outcomeText says how the game ended and who won.
export function outcomeText(o: Obs, name: (seat: number) => string): string {
  const why = endWords[o.end || ""] || "The game is over.";
  const ret = o.returns || [];
  const winners = o.seats.filter((sv) => (ret[sv.seat - 1] || 0) > 0);
  const counts = o.seats.map((sv) => `${name(sv.seat)} ${sv.demands}`).join(", ");
  let who = "";
  if (o.end === "market-demand") {
    const best = Math.max(...o.seats.map((sv) => sv.demands));
    who = winners.length === 1 ? ` ${name(winners[0].seat)} wins with ${plural(best, "card")}.` : ` ${winners.map((w) => name(w.seat)).join(" and ")} share the win with ${plural(best, "card")} each.`;
  }
  return `${why}${who} After ${plural(o.turn, "turn")}; Market Demand cards: ${counts}.`;
}

// entryWords says a move of the log in words, with its notation;
// setNames are the Infrastructure sets' names by letter.
export function entryWords(e: Entry, setNames: Map<string, string>): string {
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
}
