// A replay: a match's record stepped through forwards and backwards, the
// board at each step as a chosen seat (or a spectator) saw it.
//
// The positions come from GET /api/matches/{id}/replay, as the chosen
// viewer saw them. In a game with hidden information that is a spectator
// or the seat this browser holds (its token): the server replays the
// complete record, which it never gives out for such a game (Breaking
// Head's B17), and shows each move as the viewer saw it.
//
// The replay comes in pages (docs/api.md): page 0 first, with the
// entries, so that the board shows at once, then the others in the
// background. A page holds its first position whole and every other as
// a patch of the one before; a position is rebuilt when it is shown, from
// the one shown before it when that is its predecessor, else from its
// page's first, so that only pages are kept, never every position.
//
// The table talk comes beside the board: each message once the replay
// reaches the position it was said at (its version), as it was at the
// table.

import * as api from "./api";
import { whoami } from "./account";
import { ChatPanel } from "./chat";
import { Board, Host, View } from "./boards/board";
import { boardFor } from "./boards/index";
import { generic } from "./boards/generic";
import { h, s, fill } from "./dom";

// icon draws a player control: the text fonts of phones and of headless
// browsers do not all have the media symbols. Stepping one move is a
// chevron with a bar (a step, and where it stops), so that it does not
// look like Play's solid triangle, which has its word beside it too.
function icon(kind: "first" | "back" | "forward" | "last" | "play" | "pause"): SVGElement {
  const d = {
    first: "M2 3h2v10H2zM9 3v10L4 8zM15 3v10l-5-5z",
    back: "M11 3.5 6.5 8l4.5 4.5M4 3.5v9",
    forward: "M5 3.5 9.5 8 5 12.5M12 3.5v9",
    last: "M12 3h2v10h-2zM1 3v10l5-5zM7 3v10l5-5z",
    play: "M4 3v10l8-5z",
    pause: "M4 3h3v10H4zM9 3h3v10H9z",
  }[kind];
  // The steps are drawn as strokes, the others filled.
  const stroke = kind === "back" || kind === "forward";
  return s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, class: "icon", "aria-hidden": "true", "data-icon": kind },
    s("path", stroke ? { d, fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" } : { d, fill: "currentColor" }));
}
import { mark } from "./nav";

export function replayView(app: HTMLElement, id: string): () => void {
  mark({ view: "replay", match: id });
  document.title = "Replay · Commons";
  const params = new URLSearchParams(location.search);
  let viewer = Number(params.get("seat")) || 0;
  let info: api.MatchView | null = null;
  // The seat this browser holds: by its token, or (found once the match
  // is read) the account's, whose replay the session's cookie opens.
  let held = api.heldSeat(id);
  let rp: api.ReplayPage | null = null; // page 0: the header and the entries
  let moves: api.Entry[] = [];
  let pages: (api.ReplayPage | null)[] = [];
  let loading = 0; // a number for each load, so that a stale one stops
  // The position last shown, to step forward from without a rebuild.
  let shown: { step: number; pos: api.ReplayPosition } | null = null;
  let board: Board | null = null;
  let at = 0;
  let playing = 0;
  let stopped = false;

  const heading = h("h2", {}, "Replay");
  const message = h("div", { class: "banner info", hidden: true });
  const err = h("div", { class: "banner error", hidden: true, role: "alert" });
  const btn = (label: Node, act: string, fn: () => void, tip: string) => h("button", { "data-step-action": act, onclick: fn, title: tip, "aria-label": tip }, label);
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "slider", "aria-label": "step", oninput: () => go(Number(slider.value)) });
  // Play is the one control with its word shown: it starts something
  // that goes on by itself (and becomes Pause).
  const playBtn = btn(icon("play"), "play", togglePlay, "Play: the moves one by one");
  const showPlaying = (on: boolean) => {
    playBtn.replaceChildren(icon(on ? "pause" : "play"), h("span", { class: "control-word" }, on ? "Pause" : "Play"));
    const tip = on ? "Pause the moves" : "Play: the moves one by one";
    playBtn.title = tip;
    playBtn.setAttribute("aria-label", tip);
    playBtn.classList.toggle("primary", !on);
    playBtn.setAttribute("aria-pressed", String(on));
  };
  showPlaying(false);
  const label = h("span", { class: "step-label", "data-step-label": "" });
  const what = h("p", { class: "step-what", "data-step-what": "" });
  const viewSel = h("select", { "data-viewpoint": "", onchange: () => { viewer = Number(viewSel.value); load(); } });
  const viewLabel = h("label", { class: "viewer", hidden: true }, "Seen by ", viewSel);
  const boardEl = h("div", { class: "board-wrap" });
  const panel = h("div", { class: "panel" });
  const logList = h("ol", { class: "log", "data-log": "" });
  const end = h("p", { class: "banner over", hidden: true, "data-end": "" });
  const chat = new ChatPanel(id, "Table talk");
  chat.speak(null, [], "What was said at the table, up to the position shown.");
  chat.filter(() => false);
  const download = h("a", { href: api.recordURL(id), download: `commons-${id}.json`, "data-download": "" }, "Download the record");

  app.append(h("section", { class: "match replay" },
    h("div", { class: "match-head" }, heading, h("p", { class: "links" }, download, " · ", h("a", { href: `/match/${id}`, "data-link": "" }, "The match page"), " · ", h("a", { href: "/", "data-link": "" }, "Lobby"))),
    message, err,
    h("div", { class: "controls" },
      btn(icon("first"), "first", () => go(0), "First position"),
      btn(icon("back"), "back", () => go(at - 1), "Step back one move"),
      btn(icon("forward"), "forward", () => go(at + 1), "Step forward one move"),
      btn(icon("last"), "last", () => go(Infinity), "Last position"),
      playBtn, label, viewLabel),
    slider, what, end,
    h("div", { class: "play" }, boardEl,
      h("aside", { class: "side" }, panel, chat.el, h("details", { class: "log-box", open: true }, h("summary", {}, "The moves"), logList)))));

  const name = (n: number) => api.seatName(info?.seats, n);
  const host: Host = { move: () => {}, say: () => {}, choose: () => {}, name };

  const onKey = (e: KeyboardEvent) => {
    if ((e.target as Element).closest?.("input, select, textarea")) return;
    if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(Infinity);
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  async function load(): Promise<void> {
    err.hidden = true;
    try {
      if (!info) {
        const [m, acc] = await Promise.all([api.match(id), whoami()]);
        info = m;
        const mine = acc && m.seats.find((x) => x.account && x.name?.toLowerCase() === acc.name.toLowerCase());
        if (!held && mine) held = { seat: mine.seat, token: "" };
        api.matchChat(id).then((c) => chat.add(c.messages)).catch(() => { /* the replay stands without its talk */ });
        heading.textContent = `Replay: ${info.title || info.game}`;
        document.title = `Replay: ${info.title || info.game} · Commons`;
        if (info.hidden_information) {
          // A seat's cards are its own, after the end too (B17): a
          // spectator's eyes, or those of the seat this browser holds.
          if (viewer !== held?.seat) viewer = 0;
          fill(viewSel, h("option", { value: 0 }, "a spectator"),
            ...(held ? [h("option", { value: held.seat }, `${name(held.seat)} (your seat)`)] : []));
          viewSel.value = String(viewer);
          viewLabel.hidden = false;
        }
      }
      if (info.status !== "over") {
        message.textContent = "This match is still being played: the replay shows the moves so far.";
        message.hidden = false;
      }
      const mine = ++loading;
      const text = boardFor(info.game) === generic;
      const token = viewer && held?.seat === viewer ? held.token || undefined : undefined;
      const first = await api.replayPage(id, 0, viewer, text, token);
      if (stopped || mine !== loading) return;
      rp = first;
      moves = first.moves || [];
      pages = new Array(first.pages).fill(null);
      pages[0] = first;
      shown = null;
      board = boardFor(rp.game)(boardEl, panel, host);
      slider.max = String(rp.steps - 1);
      const want = params.get("step");
      await go(want === null ? at : Number(want));
      params.delete("step");
      // The other pages, one after another, while the first is shown.
      for (let k = 1; k < pages.length && !stopped && mine === loading; k++) {
        if (!pages[k]) pages[k] = await api.replayPage(id, k, viewer, text, token);
      }
    } catch (e) {
      err.textContent = (e as Error).message;
      err.hidden = false;
    }
  }

  // page returns page k, fetching it if it has not come yet.
  async function page(k: number): Promise<api.ReplayPage> {
    if (!pages[k]) {
      const token = viewer && held?.seat === viewer ? held.token || undefined : undefined;
      pages[k] = await api.replayPage(id, k, viewer, boardFor(rp!.game) === generic, token);
    }
    return pages[k]!;
  }

  // positionAt rebuilds step i's position: from the one shown when it is
  // the step before, else from the first of its page.
  async function positionAt(i: number): Promise<{ n: number; to_move: number; pos: api.ReplayPosition }> {
    const per = rp!.page_steps;
    const pg = await page(Math.floor(i / per));
    const k = i - pg.from;
    let j = 0;
    let pos: api.ReplayPosition;
    if (shown && shown.step < i && shown.step >= pg.from) {
      j = shown.step - pg.from;
      pos = shown.pos;
    } else {
      pos = pg.positions[0].position!;
    }
    for (j++; j <= k; j++) pos = api.applyPatch(structuredClone(pos), pg.positions[j].patch || []) as api.ReplayPosition;
    return { n: pg.positions[k].n, to_move: pg.positions[k].to_move, pos };
  }

  // stepAfter returns the first step past entry k, as far as the pages
  // that have come say; -1 when it is on a page still to come.
  function stepAfter(k: number): number {
    for (const pg of pages) {
      if (!pg) return -1;
      const j = pg.positions.findIndex((p) => p.n > k);
      if (j >= 0) return pg.from + j;
    }
    return rp ? rp.steps - 1 : -1;
  }

  async function go(i: number): Promise<void> {
    if (!rp || !board) return;
    at = Math.max(0, Math.min(rp.steps - 1, Number.isFinite(i) ? Math.trunc(i) : rp.steps - 1));
    const want = at;
    const step = await positionAt(at);
    if (want !== at || !board) return; // another step was asked for meanwhile
    shown = { step: at, pos: step.pos };
    const prevN = at > 0 ? (await positionAt(at - 1)).n : 0;
    shown = { step: at, pos: step.pos };
    const entries = moves.slice(0, step.n);
    const v: View = {
      obs: structuredClone(step.pos.observation), text: (step.pos.text || []).join("\n"), legal: [], seat: viewer, players: rp.players,
      seats: info?.seats || [], version: step.n, interactive: false, log: entries,
      // The last position of a match over (a resignation too): no turn.
      over: rp.over && at === rp.steps - 1,
    };
    board.update(v);
    slider.value = String(at);
    label.textContent = `Step ${at} of ${rp.steps - 1}`;
    // What happened since the previous step. In a game with hidden
    // information the chance entries (cards drawn, roles dealt) are left
    // out here; the moves below list them as the viewer saw them.
    const made = moves.slice(prevN, step.n)
      .filter((e) => e.seat || !info?.hidden_information)
      .map((e) => (e.seat ? `${name(e.seat)}: ${board!.entry?.(e, moves) || e.move}` : `chance: ${board!.entry?.(e, moves) || e.move.slice(1)}`));
    const lines = [at === 0 ? "The position before the first move." : made.join(" · ") + "."];
    if (step.to_move) lines.push(`${name(step.to_move)} to move.`);
    what.textContent = lines.join(" ");
    const last = at === rp.steps - 1;
    if (last && rp.over) {
      end.textContent = "Game over. " + (rp.end ? api.endText(rp.end, name, 0) : board.outcome?.(v) || "");
      end.hidden = false;
    } else {
      end.hidden = true;
    }
    mark({ step: at, steps: rp.steps - 1, stepN: step.n, viewer: rp.viewer });
    // A message said at version v was said at the position after v entries.
    chat.filter((m) => m.version <= step.n);
    fill(logList, ...moves.map((e, k) => {
      const li = h("li", { value: k + 1, class: (e.seat ? "" : "chance") + (k < step.n ? " done" : " later") + (k >= prevN && k < step.n ? " current" : "") },
        e.seat ? `${name(e.seat)}: ${board!.entry?.(e, moves) || e.move}` : `chance: ${board!.entry?.(e, moves) || e.move.slice(1)}`);
      li.addEventListener("click", async () => {
        let i = stepAfter(k);
        for (let p = 0; i < 0 && p < pages.length; p++) {
          await page(p);
          i = stepAfter(k);
        }
        go(i < 0 ? Infinity : i);
      });
      return li;
    }));
    // Keep the current entry in sight without scrolling the page.
    const cur = logList.querySelector<HTMLElement>(".current");
    if (cur) logList.scrollTop = cur.offsetTop - logList.clientHeight / 2;
    if (last && playing) togglePlay();
  }

  function togglePlay(): void {
    if (playing) {
      clearInterval(playing);
      playing = 0;
      showPlaying(false);
      return;
    }
    if (rp && at >= rp.steps - 1) go(0);
    showPlaying(true);
    playing = window.setInterval(() => go(at + 1), 900);
  }

  load();
  return () => {
    stopped = true;
    chat.close();
    clearInterval(playing);
    document.removeEventListener("keydown", onKey);
  };
}
