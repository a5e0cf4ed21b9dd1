// A live match: the board, whose turn it is, the viewer's moves, the log,
// the seats (join, leave, hand a free seat to a bot), and at the end the
// result, the replay, the record and a rematch.

import * as api from "./api";
import { Board, Host, View } from "./boards/board";
import { boardFor } from "./boards/index";
import { h, fill } from "./dom";
import { Live } from "./live";
import { mark, navigate } from "./nav";

export function matchView(app: HTMLElement, id: string): () => void {
  mark({ view: "match", match: id });
  document.title = "Match · Commons";

  let held = api.heldSeat(id);
  let info: api.MatchView | null = null;
  let st: api.StateMsg | null = null;
  let log: api.Entry[] = [];
  let board: Board | null = null;
  let pending = false;
  let tick = 0;
  // shown is the version drawn, which moves are sent with; queued, that
  // a drawing is due. States that arrive while the page draws (a bot's
  // moves come in bursts) are drawn once, the last of them, at the
  // next turn of the event loop.
  let shown = -1;
  let queued = false;
  let closed = false;

  const heading = h("h2", {}, "Match");
  const who = h("p", { class: "who" });
  const inviteInput = h("input", { readonly: "", class: "invite-url", value: `${location.origin}/match/${id}`, "aria-label": "invite link", onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
  const copied = h("span", { class: "note copied" });
  const invite = h("div", { class: "invite" }, h("span", {}, "Invite link "), inviteInput,
    h("button", { "data-copy": "", onclick: copyInvite }, "Copy"), copied);
  const turn = h("div", { class: "banner turn", "aria-live": "polite" });
  const message = h("div", { class: "banner", hidden: true, role: "alert" });
  const chooser = h("div", { class: "chooser-pop", hidden: true });
  const end = h("div", { class: "card endscreen", hidden: true, "data-end": "" });
  const boardEl = h("div", { class: "board-wrap" });
  const panel = h("div", { class: "panel" });
  const seatBox = h("div", { class: "seat-actions" });
  const legalList = h("div", { class: "legal-list" });
  const legalCount = h("span");
  const legalBox = h("details", { class: "legal" }, h("summary", {}, "All legal moves ", legalCount), legalList);
  legalBox.open = localStorage.getItem("commons.showLegal") === "1";
  legalBox.addEventListener("toggle", () => localStorage.setItem("commons.showLegal", legalBox.open ? "1" : "0"));
  const logList = h("ol", { class: "log", "data-log": "" });
  const rulesLink = h("a", { href: "/", "data-link": "", "data-rules-link": "", hidden: true }, "How to play");
  const links = h("p", { class: "links" },
    rulesLink, " · ",
    h("a", { href: api.recordURL(id), download: `commons-${id}.json`, "data-download": "" }, "Download the record"), " · ",
    h("a", { href: `/replay/${id}`, "data-link": "" }, "Replay"), " · ",
    h("a", { href: "/", "data-link": "" }, "Lobby"));

  app.append(h("section", { class: "match" },
    h("div", { class: "match-head" }, heading, who, invite),
    turn, message, chooser, end,
    h("div", { class: "play" },
      boardEl,
      h("aside", { class: "side" }, panel, seatBox, legalBox,
        h("details", { class: "log-box", open: true }, h("summary", {}, "Log"), logList), links))));

  const name = (n: number) => api.seatName(st?.seats || info?.seats, n);

  const host: Host = {
    move(m: string) {
      if (!st) return;
      if (!held || !st.seat) return say("You are watching this match: take a free seat to play.");
      if (pending) return;
      hideChooser();
      if (!live.move(m, shown)) return say("Not connected to the server: reconnecting…", true);
      pending = true;
      mark({ pending: true });
    },
    say: (m, warn) => say(m, !!warn),
    choose(title, moves) {
      // The player chooses with the keyboard too, and comes back to the
      // board after.
      const back = () => (boardEl.querySelector<HTMLElement | SVGElement>('[tabindex="0"]') as HTMLElement | null)?.focus({ preventScroll: true });
      fill(chooser, h("p", {}, title), ...moves.map((m) => h("button", { "data-move": m, onclick: () => { back(); host.move(m); } }, board?.entry?.({ n: 0, seat: st?.seat, move: m }) || m)),
        h("button", { class: "quiet", onclick: () => { hideChooser(); back(); } }, "Cancel"));
      chooser.hidden = false;
      chooser.querySelector("button")?.focus();
    },
    name,
  };

  function say(m: string, isError = false): void {
    message.textContent = m;
    message.className = "banner " + (isError ? "error" : "info");
    message.hidden = false;
    mark({ message: isError ? "error" : "info" });
  }

  function hideMessage(): void {
    message.hidden = true;
    mark({ message: undefined });
  }

  function hideChooser(): void {
    chooser.hidden = true;
  }

  const live = new Live(id, held?.token || null, {
    state(msg, entries) {
      st = msg;
      log = entries;
      if (msg.seat === 0 && held) {
        // The token no longer holds a seat (we left, or it was taken
        // over): watch.
        api.forgetSeat(id);
        held = null;
      }
      if (!queued) {
        queued = true;
        setTimeout(() => {
          queued = false;
          if (closed) return;
          // A move made is no longer pending once the page shows what
          // came of it.
          pending = false;
          mark({ pending: undefined });
          draw();
        }, 0);
      }
    },
    refused(status, error) {
      pending = false;
      mark({ pending: undefined });
      say(error, true);
      mark({ refused: status });
    },
    accepted() {
      hideMessage();
    },
    connection(up, why) {
      mark({ connected: up });
      if (up) {
        if (!message.hidden && message.dataset.conn) hideMessage();
      } else {
        say(`Disconnected (${why}); reconnecting…`, true);
        message.dataset.conn = "1";
      }
    },
    failedBeforeOpen() {
      // Find out why: a match that does not exist, or a token that no
      // longer holds a seat (refused before the WebSocket opens).
      api.state(id, held?.token).catch((e: api.ApiError) => {
        if (e.status === 404) {
          live.close();
          fill(app, h("section", { class: "card" }, h("h2", {}, "No such match"), h("p", {}, `There is no match ${id}. `, h("a", { href: "/", "data-link": "" }, "Back to the lobby"))));
        } else if (e.status === 403 || e.status === 401) {
          api.forgetSeat(id);
          held = null;
          live.reconnect(null);
        }
      });
    },
  });

  api.match(id).then((m) => {
    info = m;
    named(m.game, m.title || m.game);
    if (!board) draw();
  }).catch(() => { /* the WebSocket reports it */ });

  // named heads the page with the game's name, however the page was
  // opened (the lobby, an invite link, a reload).
  function named(game: string, title: string): void {
    document.title = `${title} · Commons`;
    const status = heading.querySelector(".status");
    heading.replaceChildren(title, " ");
    if (status) heading.append(status);
    rulesLink.href = `/rules/${game}`;
    rulesLink.textContent = `How to play ${title}`;
    rulesLink.hidden = false;
  }

  function draw(): void {
    if (!st) return;
    // A move redraws the board and the panel: the keyboard's focus stays
    // where the player was (the same control, or else the board).
    const active = document.activeElement as HTMLElement | null;
    const wasIn = !!active && active !== document.body && app.contains(active);
    const key = wasIn ? focusKey(active!) : "";
    drawAll();
    const now = document.activeElement;
    if (wasIn && (!now || now === document.body || !app.contains(now))) {
      const again = (key && app.querySelector<HTMLElement>(key)) || boardEl.querySelector<HTMLElement>('[tabindex="0"]');
      again?.focus({ preventScroll: true });
    }
    fitBoard();
  }

  function drawAll(): void {
    if (!st) return;
    const gameName = st.game || info?.game || guessGame(st);
    if (!board && gameName) {
      board = boardFor(gameName)(boardEl, panel, host);
      if (board.textOnly) {
        legalBox.open = true;
        live.wantText(); // the server sends the text rendering only when asked
      }
    }
    if (!board) return;
    const seated = !!held && st.seat > 0;
    const v: View = {
      obs: st.observation, text: st.text, legal: st.legal || [], seat: st.seat, players: st.seats.length,
      seats: st.seats, version: st.version, interactive: seated && st.status !== "over", log,
    };
    const title = st.title || info?.title || info?.game || "Match";
    heading.replaceChildren(title, " ", h("span", { class: "status", "data-status": st.status }, st.abandoned && st.status === "running" ? "abandoned" : st.status));
    if (gameName) named(gameName, title);
    fill(who, seated ? `You are ${name(st.seat)}.` : "You are watching.", " ", h("span", { class: "note" }, `Match ${id}`));
    invite.hidden = st.status === "over";
    shown = st.version;
    mark({ version: st.version, status: st.status, yourTurn: st.your_turn, seat: st.seat, toMove: st.to_move });

    board.update(v);
    drawTurn(v);
    drawLegal(v);
    drawLog(v);
    drawSeats();
    drawEnd(v);
  }

  function drawTurn(v: View): void {
    if (!st || !board) return;
    const line = board.status?.(v) || "";
    turn.className = "banner turn";
    if (st.abandoned && st.status === "running") {
      turn.textContent = "Nobody has played this match for a while: it is marked abandoned, and ends with nobody winning unless a player comes back and moves. ";
    } else if (st.status === "open") {
      const free = st.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
      turn.textContent = `Waiting for players: ${free.length === 1 ? "seat " + free[0] + " is" : "seats " + free.join(", ") + " are"} free. Share the invite link.`;
    } else if (st.status === "over") {
      turn.textContent = "Game over." + (st.end ? " " + api.endText(st.end, name, st.seat) : "");
      turn.classList.add("over");
    } else if (st.your_turn) {
      turn.textContent = `Your move${line ? ": " + line : "."}`;
      turn.classList.add("mine");
    } else if (st.to_move) {
      const seat = st.seats.find((s) => s.seat === st!.to_move);
      const waiting = seat && seat.kind === "human" && !seat.taken ? " (the seat is free: waiting for somebody to take it, or for a player to hand it to a bot)" : "";
      turn.textContent = `${name(st.to_move)} to move${line ? ": " + line : ""}${waiting}.`;
    } else {
      turn.textContent = line || "…";
    }
    clearInterval(tick);
    if (st.deadline && st.status === "running") {
      const span = h("span", { class: "deadline" });
      turn.append(" ", span);
      const upd = () => {
        const left = Math.max(0, Math.round((Date.parse(st!.deadline!) - Date.now()) / 1000));
        span.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
      };
      upd();
      tick = window.setInterval(upd, 1000);
    }
  }

  function drawLegal(v: View): void {
    legalCount.textContent = `(${v.legal.length})`;
    legalBox.hidden = !v.interactive;
    if (v.legal.length === 0) {
      fill(legalList, h("p", { class: "note" }, st?.your_turn ? "" : "Your moves appear here on your turn."));
      return;
    }
    fill(legalList, ...v.legal.map((m) => h("button", { class: "small mono", "data-legal-move": m, onclick: () => host.move(m) }, m)));
  }

  // The log's entries as drawn: a long game's log (an Open Source game
  // has two thousand entries) grows by a few entries a move, so only
  // what changed is drawn again.
  let logShown: string[] = [];
  let logAtEnd = true;
  let logScroll = 0;
  let logAutoTop = -1; // where the page scrolled the log itself
  logList.addEventListener("scroll", () => {
    // The scroll event comes a frame late (by then the log may have
    // grown), and a resized page scrolls too: only a reader who scrolls
    // up stops the log from following its end.
    logAtEnd = logList.scrollTop >= logAutoTop - 2 || logList.scrollHeight - logList.scrollTop - logList.clientHeight < 30;
  });
  // Each entry's words, kept (a board's words for a move do not change;
  // a seat's name does, and then every line is made anew).
  const lines = new Map<string, string>();
  let lineNames = "";

  function drawLog(v: View): void {
    const own = board?.log?.(v);
    const names = JSON.stringify(st?.seats);
    if (names !== lineNames) {
      lines.clear();
      lineNames = names;
    }
    const line = (e: api.Entry) => {
      const key = `${e.n} ${e.seat || 0} ${e.move}`;
      let text = lines.get(key);
      if (text === undefined) {
        text = (e.seat ? `${name(e.seat)}: ` : "chance: ") + (board?.entry?.(e, log) || (e.seat ? e.move : e.move.slice(1)));
        lines.set(key, text);
      }
      return { text, chance: !e.seat };
    };
    const items: { text: string; chance: boolean }[] = own ? own.map((text) => ({ text, chance: false })) : log.map(line);
    const values = own ? items.map((_, i) => i + 1) : log.map((e) => e.n + 1);
    const keys = items.map((l, i) => `${values[i]} ${l.chance ? "*" : ""}${l.text}`);
    let same = 0;
    while (same < keys.length && same < logShown.length && keys[same] === logShown[same]) same++;
    while (logList.children.length > same) logList.lastElementChild!.remove();
    logList.append(...items.slice(same).map((l, i) => h("li", { value: values[same + i], class: l.chance ? "chance" : "" }, l.text)));
    logShown = keys;
    // Follow the end of the log unless the reader scrolled up; scrolled
    // at the next frame, so that a state does not wait for a layout.
    if ((logAtEnd || items.length < 20) && !logScroll) {
      logScroll = requestAnimationFrame(() => {
        logScroll = 0;
        logList.scrollTop = logList.scrollHeight;
        logAutoTop = logList.scrollTop;
      });
    }
  }

  let leaving = false;
  let resigning = false;

  // drawButtons are the draw's: offer one, or answer the one offered
  // (only in games with draws, between people).
  function drawButtons(m: api.StateMsg): Node[] {
    if (!m.draws || !held) return [];
    const offer = m.draw_offer || [];
    if (offer.includes(m.seat)) {
      return [h("span", { class: "note", "data-draw-offered": "" }, "You offered a draw. "),
        h("button", { class: "quiet", "data-draw-withdraw": "", onclick: () => drawAnswer(true) }, "Withdraw it")];
    }
    if (offer.length) {
      return [h("span", { "data-draw-offer": offer.join(",") }, `${offer.map(name).join(" and ")} offer${offer.length === 1 ? "s" : ""} a draw. `),
        h("button", { class: "primary", "data-draw-accept": "", onclick: () => drawAnswer(false) }, "Accept the draw"),
        h("button", { class: "quiet", "data-draw-decline": "", onclick: () => drawAnswer(true) }, "Decline")];
    }
    if (m.seats.some((s) => s.seat !== m.seat && (s.kind === "bot" || !s.taken))) return [];
    return [h("button", { "data-draw": "", onclick: () => drawAnswer(false) }, "Offer a draw")];
  }

  async function drawAnswer(decline: boolean): Promise<void> {
    if (!held) return;
    try {
      await api.draw(id, held.token, decline);
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  async function resign(): Promise<void> {
    if (!held) return;
    resigning = false;
    try {
      const m = await api.resign(id, held.token);
      if (m.status !== "over") {
        // A team game: the seat went to a bot; we watch.
        api.forgetSeat(id);
        held = null;
        live.reconnect(null);
      }
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  function drawSeats(): void {
    if (!st) return;
    const parts: Node[] = [];
    const free = st.seats.filter((s) => s.kind === "human" && !s.taken);
    if (!held && st.status !== "over" && free.length) {
      const nameInput = h("input", { value: api.myName(), maxlength: 40, placeholder: "your name", "data-join-name": "", "aria-label": "your name" });
      parts.push(h("label", {}, "Your name ", nameInput));
      for (const s of free) {
        parts.push(h("button", { class: "primary", "data-join-seat": s.seat, onclick: () => takeSeat(s.seat, nameInput.value) }, `Take seat ${s.seat}`));
      }
    }
    if (held && st.status !== "over") {
      if (st.status === "running") {
        for (const s of free) {
          parts.push(h("button", { "data-bot-seat": s.seat, onclick: () => botSeat(s.seat) }, `Let a bot play seat ${s.seat}`));
        }
        parts.push(...drawButtons(st));
        if (resigning) {
          parts.push(h("span", {}, st.teams ? "Resign? Your seat goes to a bot, which plays on for your team. " : "Resign? The game ends, and you lose. "),
            h("button", { class: "primary", "data-resign-yes": "", onclick: resign }, "Yes, resign"),
            h("button", { class: "quiet", onclick: () => { resigning = false; drawSeats(); } }, "No"));
        } else {
          parts.push(h("button", { "data-resign": "", onclick: () => { resigning = true; drawSeats(); } }, "Resign"));
        }
      }
      if (leaving) {
        parts.push(h("span", {}, st.status === "running" ? "Leave? A bot (greedy) plays your seat from then on. " : "Leave your seat? "),
          h("button", { class: "primary", "data-leave-yes": "", onclick: leaveSeat }, "Yes, leave"),
          h("button", { class: "quiet", onclick: () => { leaving = false; drawSeats(); } }, "No"));
      } else {
        parts.push(h("button", { class: "quiet", "data-leave": "", onclick: () => { leaving = true; drawSeats(); } }, "Leave the match"));
      }
    }
    fill(seatBox, ...parts);
  }

  function drawEnd(v: View): void {
    if (!st || st.status !== "over" || !board) {
      end.hidden = true;
      return;
    }
    const res = st.result || [];
    const label = (r: number) => {
      const winners = res.filter((x) => x > 0).length;
      if (st!.end?.reason === "abandoned") return "nobody won";
      if (r === 1) return "win";
      if (r === 0) return "loss";
      return winners === res.length ? "draw" : "shared win";
    };
    let headline = "Game over";
    if (st.end) {
      headline = api.endText(st.end, name, st.seat);
    } else if (st.seat && res.length) {
      const r = res[st.seat - 1];
      headline = r === 1 ? "You won!" : res.every((x) => x === 0) ? "Nobody won." : r === 0 ? "You lost." : label(r) === "draw" ? "A draw." : "You share the win.";
    }
    const rows = res.map((r, i) => h("tr", { "data-seat": i + 1 }, h("td", {}, name(i + 1)), h("td", {}, label(r)),
      st!.scores ? h("td", { class: "num" }, st!.scores[i]) : null));
    const buttons: Node[] = [
      h("a", { class: "button primary", href: `/replay/${id}`, "data-link": "" }, "Watch the replay"),
      h("a", { class: "button", href: api.recordURL(id), download: `commons-${id}.json` }, "Download the record"),
    ];
    if (held && st.seat) buttons.push(h("button", { "data-rematch": "", onclick: doRematch }, st.rematch ? "Join the rematch" : "Rematch"));
    else if (st.rematch) buttons.push(h("a", { class: "button", href: `/match/${st.rematch}`, "data-link": "" }, "Watch the rematch"));
    buttons.push(h("a", { class: "button quiet", href: "/", "data-link": "" }, "Lobby"));
    fill(end, h("h2", {}, headline), h("p", { class: "outcome" }, st.end ? "" : board.outcome?.(v) || ""),
      h("table", { class: "result" }, h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "result"), st.scores ? h("th", { class: "num" }, "score") : null)), h("tbody", {}, ...rows)),
      h("div", { class: "buttons" }, ...buttons));
    end.hidden = false;
  }

  async function takeSeat(seat: number, nm: string): Promise<void> {
    nm = nm.trim();
    api.setMyName(nm);
    try {
      const a = await api.join(id, seat, nm);
      api.keepSeat(id, a.seat!, a.token!);
      held = { seat: a.seat!, token: a.token! };
      hideMessage();
      live.reconnect(a.token!);
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  async function botSeat(seat: number): Promise<void> {
    if (!held) return;
    try {
      await api.seatBot(id, seat, held.token, "greedy");
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  async function leaveSeat(): Promise<void> {
    if (!held || !st) return;
    leaving = false;
    try {
      await api.leave(id, held.token, st.status === "running" ? "greedy" : undefined);
      api.forgetSeat(id);
      held = null;
      live.reconnect(null);
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  async function doRematch(): Promise<void> {
    if (!held) return;
    try {
      const a = await api.rematch(id, held.token);
      api.keepSeat(a.match.id, a.seat!, a.token!);
      navigate(`/match/${a.match.id}`);
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  async function copyInvite(): Promise<void> {
    inviteInput.select();
    try {
      await navigator.clipboard.writeText(inviteInput.value);
      copied.textContent = "copied";
    } catch {
      // Clipboard access needs a secure context: the link is selected
      // for the user to copy.
      copied.textContent = "select and copy the link";
    }
  }

  return () => {
    closed = true;
    live.close();
    clearInterval(tick);
  };
}

// focusKey is a selector that finds the control el again after it is
// drawn anew: its data attribute that names what it does.
function focusKey(el: HTMLElement): string {
  for (const a of ["point", "sector", "at", "move", "handCard", "legalMove", "tile", "turn", "crew", "col"]) {
    const v = el.dataset?.[a];
    if (v === undefined) continue;
    const attr = "data-" + a.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    const tag = el.tagName.toLowerCase();
    if (a === "col") return `${tag}[data-col="${v}"][data-row="${el.dataset.row}"]`;
    return `${tag}[${attr}="${CSS.escape(v)}"]`;
  }
  return "";
}

// fitBoard keeps a board within the window on a wide screen: its
// height is at most what is left below its top.
function fitBoard(): void {
  const wrap = document.querySelector<HTMLElement>(".board-wrap");
  if (!wrap) return;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  document.documentElement.style.setProperty("--board-top", `${Math.round(top)}px`);
}

// guessGame tells the game from the observation's shape, for the rare
// state message that arrives before the match's description.
function guessGame(st: api.StateMsg): string | null {
  const o = st.observation as Record<string, unknown> | null;
  if (!o) return null;
  if (typeof o.game === "string") return o.game;
  if ("sectors" in o) return "3io";
  if ("board" in o && "colours" in o) return "source";
  return null;
}
