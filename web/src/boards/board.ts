// What the match and replay views need from a game's board.
//
// A board draws one observation (the JSON of the game's Observation for
// the viewer, see docs/rules/) into two elements it owns: the board
// itself (an SVG that scales with the page) and a side panel (players,
// scores, the viewer's private information, the controls of multi-part
// moves). Moves are made by clicks: the board builds the move's notation
// and hands it to its host, which sends it to the server; an illegal move
// comes back refused with the game's own explanation.

import { Entry, SeatView } from "../api";

export interface View {
  obs: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  // legal are the viewer's legal moves: empty unless it is its turn.
  legal: string[];
  // seat is the viewer's seat, 0 for a spectator.
  seat: number;
  players: number;
  seats: SeatView[];
  version: number;
  // interactive is false in replays and for spectators.
  interactive: boolean;
  // log is the match's log so far (as the viewer may see it).
  log: Entry[];
}

export interface Host {
  // move sends a move in the game's notation.
  move(notation: string): void;
  // say shows a short message (an explanation, an instruction).
  say(message: string): void;
  // choose asks which of several moves a click meant.
  choose(title: string, moves: string[]): void;
  // name is how a seat is called on the page.
  name(seat: number): string;
}

export interface Board {
  update(v: View): void;
  // status is one line about the turn ("Red to move, 2 AP left").
  status?(v: View): string;
  // outcome is one line about the end ("Contributors win").
  outcome?(v: View): string;
  // log gives the game's own public log, when the server's log is
  // masked (hidden information) or less readable.
  log?(v: View): string[] | null;
  // entry turns a log entry into readable text.
  entry?(e: Entry): string;
  // textOnly marks a board without clickable moves: the list of legal
  // moves is then shown unfolded.
  textOnly?: boolean;
}

export type BoardFactory = (board: HTMLElement, panel: HTMLElement, host: Host) => Board;

// seatColours mark seats on boards that have no colours of their own.
export const seatColours = ["#d1495b", "#3a7ca5", "#52a36b", "#e59500", "#8d5fd3", "#2ec4b6", "#7f5539", "#ff70a6", "#6c757d", "#1d3557"];
