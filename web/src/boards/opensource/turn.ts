// The turn under way, as the observation and the log tell it: the seat
// whose turn it is, the tile being placed, and this turn's placements.

import { View } from "../board";
import { Obs } from "./context";

// turnSeat is the seat whose turn it is (at a roll, no seat is to
// move: the last to have moved).
export function turnSeat(v: View, o: Obs): number {
  if (o.to_move) return o.to_move;
  for (let i = v.log.length - 1; i >= 0; i--) if (v.log[i].seat) return v.log[i].seat!;
  return 0;
}

// placedNow are the spaces of this turn's placements (the
// observation's), told apart by the turn's moves in the log: in the
// Commons or in the Lab.
export function placedNow(v: View, o: Obs): { commons: Set<string>; lab: Set<string> } {
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

// previewTile is the tile being placed: the one in hand, or the one
// Compatibility moves.
export function previewTile(o: Obs): string {
  if (o.hand) return o.hand;
  if (o.moving) {
    const lab = o.moving.startsWith("lab ");
    const at = lab ? o.moving.slice(4) : o.moving;
    const list = lab ? o.labs.find((l) => l.seat === o.to_move)?.spaces || [] : o.commons;
    return list.find((t) => t.at === at)?.tile || "";
  }
  return "";
}

// movingAt is the space of the tile Compatibility moves in place
// ("commons" or "lab" of seat), or "".
export function movingAt(o: Obs, place: "commons" | "lab", seat = 0): string {
  if (o.phase !== "move" || !o.moving) return "";
  const lab = o.moving.startsWith("lab ");
  if (place === "commons") return lab ? "" : o.moving;
  return lab && seat === o.to_move ? o.moving.slice(4) : "";
}
