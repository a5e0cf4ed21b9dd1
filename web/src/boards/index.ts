// The boards by game name; other games get the text view.

import { BoardFactory } from "./board";
import { breakinghead } from "./breakinghead";
import { generic } from "./generic";
import { openscience } from "./openscience";
import { opensource } from "./opensource";
import { source } from "./source";
import { threeio } from "./threeio";

const boards: Record<string, BoardFactory> = {
  source,
  "3io": threeio,
  "breaking-head": breakinghead,
  "open-science-alliance": openscience,
  "open-source-board-game": opensource,
};

export function boardFor(game: string): BoardFactory {
  return boards[game] || generic;
}
