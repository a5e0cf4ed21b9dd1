// A live match: the board, whose turn it is, the viewer's moves, the log,
// the seats (join, leave, hand a free seat to a bot), the table talk,
// and at the end the result (a rated match's ratings too), the replay,
// the record and a rematch.
//
// This module lays the page out and draws each state; the parts are
// modules of their own:
//   connection.ts  the WebSocket, the latest state, the seat held
//   head.ts        the title and status, the invite link, the links
//   banner.ts      the turn line and the message banner
//   chooser.ts     which of several moves a click meant
//   legal.ts       "All legal moves"
//   log.ts         the log
//   seats.ts       take a seat, bots, draws, resign, leave
//   end.ts         the end screen and the rematch
//   attention.ts   the viewer's turn in the tab's title and icon, a
//                  sound, a notification
//   turns.ts       the clocks, Undo, a seat out of time, take over
//   focus.ts       the keyboard's focus across redrawings
// The board is the game's (boards/), chosen by the game's name the
// server sends with every state.

import * as api from "../api";
import { onAccount, signedIn, signInLink, whoami } from "../account";
import { Board, Host, View } from "../boards/board";
import { boardFor } from "../boards/index";
import { ChatPanel, gamePhrases, phrases } from "../chat";
import { h, fill } from "../dom";
import { mark } from "../nav";
import { Messages, TurnBanner } from "./banner";
import { Chooser } from "./chooser";
import { MatchConnection } from "./connection";
import { EndScreen } from "./end";
import { fitBoard, keepFocus } from "./focus";
import { MatchHead } from "./head";
import { LegalMoves } from "./legal";
import { LogPanel } from "./log";
import { SeatActions } from "./seats";
import { TurnAlert } from "./attention";
import { TurnTools } from "./turns";

export function matchView(app: HTMLElement, id: string): () => void {
  mark({ view: "match", match: id });
  document.title = "Match · Commons";

  let info: api.MatchView | null = null;
  let board: Board | null = null;

  const head = new MatchHead(id);
  // The viewer's turn in the tab's title and icon, a sound, a notice.
  const alerts = new TurnAlert(id);
  head.titled = (title) => alerts.title(title);
  const turn = new TurnBanner();
  const messages = new Messages();
  const chooser = new Chooser();
  const boardEl = h("div", { class: "board-wrap" });
  const panel = h("div", { class: "panel" });
  const legal = new LegalMoves();
  const log = new LogPanel();
  const chat = new ChatPanel(id, "Table talk");
  // The ratings are read once the match is over, and again when the
  // server says they are written (they come a moment after the end).
  let ratingsAsked = false;
  const readRatings = () => {
    ratingsAsked = true;
    api.matchRatings(id).then((r) => {
      end.showRatings(r, name);
      mark({ ratings: r.ratings.length });
    }).catch(() => { /* the end screen stands without them */ });
  };
  const conn = new MatchConnection(id, {
    draw,
    refused(status, error) {
      messages.say(error, true);
      mark({ refused: status });
    },
    accepted: () => messages.hide(),
    connection(up, why) {
      mark({ connected: up });
      messages.connection(up, why);
    },
    missing() {
      fill(app, h("section", { class: "card" }, h("h2", {}, "No such match"), h("p", {}, `There is no match ${id}. `, h("a", { href: "/", "data-link": "" }, "Back to the lobby"))));
    },
    chat: (msgs) => chat.add(msgs),
    ratings: readRatings,
  });
  const name = (n: number) => api.seatName(conn.st?.seats || info?.seats, n);
  const seats = new SeatActions(id, conn, { say: (m, isError) => messages.say(m, isError), hide: () => messages.hide(), name, rated: () => !!info?.rated });
  const end = new EndScreen(id, conn, (m, isError) => messages.say(m, isError));
  // The clocks, Undo, and the choices of turn-based play.
  const turns = new TurnTools(id, conn, { say: (m, isError) => messages.say(m, isError), hide: () => messages.hide(), name, info: () => info });

  app.append(h("section", { class: "match" },
    head.el,
    // A free seat the viewer may take comes first, above the board.
    seats.offer, turns.offer,
    turn.el, turns.el, messages.el, chooser.el, end.el,
    h("div", { class: "play" },
      boardEl,
      h("aside", { class: "side" }, panel, seats.el, alerts.el, chat.el, legal.el,
        h("details", { class: "log-box", open: true }, h("summary", {}, "Log"), log.el), head.links))));

  const host: Host = {
    move(m: string) {
      if (!conn.st) return;
      if (!conn.seated()) return messages.say("You are watching this match: take a free seat to play.");
      if (conn.pending) return;
      chooser.hide();
      if (!conn.send(m)) return messages.say("Not connected to the server: reconnecting…", true);
    },
    say: (m, warn) => messages.say(m, !!warn),
    choose(title, moves) {
      // The player chooses with the keyboard too, and comes back to the
      // board after.
      const back = () => (boardEl.querySelector<HTMLElement | SVGElement>('[tabindex="0"]') as HTMLElement | null)?.focus({ preventScroll: true });
      chooser.show(title, moves, (m) => board?.entry?.({ n: 0, seat: conn.st?.seat, move: m }) || m, (m) => host.move(m), back);
    },
    name,
  };

  api.match(id).then((m) => {
    info = m;
    head.named(m.game, m.title || m.game);
    head.variant(m.variant);
    mark({ rated: !!m.rated });
    // The head's rated mark and the seats' offers read the match.
    draw();
  }).catch(() => { /* the WebSocket reports it */ });

  // Who may talk: a seated player (a guest too), or an account that
  // watches. The line to type in is made anew only when that changes,
  // so that a state does not lose what is being typed.
  let talking = "";
  function drawTalk(): void {
    const st = conn.st;
    const acc = signedIn();
    const seated = !!conn.held && !!st && st.seat > 0;
    const game = st?.game || info?.game || "";
    const key = `${seated} ${acc?.name || ""} ${game}`;
    if (key === talking) return;
    talking = key;
    if (seated || acc) {
      chat.speak((text) => conn.say(text), [...phrases, ...(gamePhrases[game] || [])]);
    } else {
      chat.speak(null, [], h("span", {}, "Take a seat, or ", signInLink("sign in"), ", to talk at this table."));
    }
  }
  const stopAccount = onAccount(() => {
    drawTalk();
    seats.draw();
  });
  whoami().then(drawTalk);

  function draw(): void {
    if (!conn.st) return;
    // A move redraws the board and the panel: the keyboard's focus stays
    // where the player was (the same control, or else the board).
    keepFocus(app, boardEl, drawAll);
    fitBoard();
  }

  function drawAll(): void {
    const st = conn.st;
    if (!st) return;
    // The game's name comes with every state (and with the match's
    // description).
    const game = st.game || info?.game || "";
    if (!board && game) {
      board = boardFor(game)(boardEl, panel, host);
      if (board.textOnly) {
        legal.unfold();
        conn.wantText(); // the server sends the text rendering only when asked
      }
    }
    if (!board) return;
    const seated = !!conn.held && st.seat > 0;
    const v: View = {
      obs: st.observation, text: st.text || "", legal: st.legal || [], seat: st.seat, players: st.seats.length,
      seats: st.seats, version: st.version, interactive: seated && st.status !== "over", over: st.status === "over", log: conn.log,
    };
    head.draw(st, game, st.title || info?.title || info?.game || "Match", seated ? name(st.seat) : null, !!info?.rated);
    conn.shown = st.version;
    mark({ version: st.version, status: st.status, yourTurn: st.your_turn, seat: st.seat, toMove: st.to_move });

    board.update(v);
    turn.draw(st, board.status?.(v) || "", name);
    legal.draw(v, st.your_turn, (m) => host.move(m));
    log.draw(v, board, st.seats, name);
    seats.draw();
    alerts.update(st, seated, conn.log);
    turns.draw();
    end.draw(st, v, board, name);
    drawTalk();
    if (st.status === "over" && !ratingsAsked) readRatings();
  }

  return () => {
    conn.close();
    alerts.stop();
    turn.stop();
    turns.stop();
    chat.close();
    stopAccount();
  };
}
