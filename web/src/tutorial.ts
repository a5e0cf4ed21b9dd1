// A game's guided first game (/learn/GAME/first?lesson=K): the learner,
// seat 1, against a gentle bot, each of the first moves asked for with
// what to do and why, where to play highlighted, any other move refused
// in words; then what was learned, and the game played on to its end.
// The server holds the script and replays the position from the lesson
// and the learner's own moves (GET and POST /api/games/{name}/tutorial),
// so the page can go back to any lesson and never holds what seat 1 may
// not see.

import * as api from "./api";
import { boardFor } from "./boards";
import { Board, Host, View } from "./boards/board";
import { h, fill, s as svgEl } from "./dom";
import { markCells } from "./learn";
import { Chooser } from "./match/chooser";
import { fitBoard, keepFocus } from "./match/focus";
import { LegalMoves } from "./match/legal";
import { mark } from "./nav";

export function tutorialView(app: HTMLElement, game: string): () => void {
  mark({ view: "tutorial", game });
  document.title = "Your first game · Commons";
  const params = new URLSearchParams(location.search);

  const title = h("h2", {}, "Your first game");
  const intro = h("p", { class: "tutorial-intro" });
  const progress = h("p", { class: "tutorial-progress", "data-progress": "" });
  const done = h("p", { class: "tutorial-done", "data-done": "", hidden: true });
  const played = h("p", { class: "tutorial-played", "data-played": "", hidden: true });
  const say = h("p", { class: "tutorial-say", "data-say": "" });
  const refusal = h("p", { class: "banner error tutorial-refusal", role: "alert", "data-refusal": "", hidden: true });
  const note = h("p", { class: "note tutorial-note", "aria-live": "polite" });
  const learned = h("section", { class: "tutorial-learned", "data-learned": "", hidden: true });
  const steps = h("ol", { class: "tutorial-steps", "aria-label": "Lessons" });
  const back = h("button", { class: "quiet", "data-lesson-back": "", onclick: () => go(Math.max(1, (t?.lesson || 2) - 1)) }, "Back a lesson");
  const restart = h("button", { class: "quiet", "data-restart": "", onclick: () => go(1) }, "Start again");
  const leave = h("a", { class: "button quiet", href: `/learn/${encodeURIComponent(game)}`, "data-link": "", "data-leave": "" }, "Leave");
  const realGame = h("a", { class: "button primary", href: `/new?game=${encodeURIComponent(game)}`, "data-link": "", "data-play": game }, "Play a real game");
  const lesson = h("section", { class: "card tutorial-lesson", "aria-live": "polite" },
    progress, done, played, say, refusal, note, learned,
    h("p", { class: "links" }, back, restart, leave));
  const boardEl = h("div", { class: "board-wrap tutorial-board" });
  const panel = h("div", { class: "panel" });
  const chooser = new Chooser();
  const legal = new LegalMoves();
  app.append(h("section", { class: "tutorial", "data-tutorial": game },
    h("header", { class: "tutorial-head" }, title, intro),
    lesson, chooser.el,
    h("div", { class: "play" }, boardEl, h("aside", { class: "side" }, panel, legal.el, steps))));

  let t: api.Tutorial | null = null;
  let board: Board | null = null;
  let busy = false;
  let stopped = false;

  const name = (seat: number) => (seat === 1 ? "You" : t && t.players > 2 ? `Bot ${seat}` : "The bot");
  const host: Host = {
    move: (m) => play(m),
    say: (m, warn) => {
      note.textContent = m;
      note.classList.toggle("warn", !!warn);
    },
    choose(heading, moves) {
      const focusBack = () => (boardEl.querySelector<HTMLElement | SVGElement>('[tabindex="0"]') as HTMLElement | null)?.focus({ preventScroll: true });
      chooser.show(heading, moves, (m) => board?.entry?.({ n: 0, seat: 1, move: m }) || m, (m) => play(m), focusBack);
    },
    name,
  };

  function show(next: api.Tutorial, didThis?: string): void {
    t = next;
    document.title = `Your first game of ${t.title} · Commons`;
    title.textContent = `Your first game of ${t.title}`;
    intro.textContent = t.intro;
    const inLessons = t.lesson <= t.lessons;
    progress.textContent = inLessons ? `Lesson ${t.lesson} of ${t.lessons}` : t.over ? "The game is over" : "The lessons are done: play on against the bot";
    done.textContent = didThis ? `✓ ${didThis}` : "";
    done.hidden = !didThis;
    const others = t.played.filter((p) => p.seat > 0);
    played.textContent = playedWords(others);
    played.hidden = !others.length;
    say.textContent = t.say || (t.over ? "" : "Your move: the bot answers each one.");
    refusal.hidden = true;
    note.textContent = "";
    fill(learned);
    learned.hidden = inLessons;
    if (!inLessons) {
      learned.append(h("h3", {}, "What you learned"), h("ul", {}, ...(t.learned || []).map((l) => h("li", {}, l))));
      if (t.over) learned.append(h("p", { class: "tutorial-outcome", "data-outcome": "" }, outcome()));
      learned.append(h("p", { class: "links" }, realGame,
        h("a", { class: "button quiet", href: `/learn/${encodeURIComponent(game)}`, "data-link": "" }, "Read the rulebook")));
    }
    back.hidden = t.lesson <= 1;
    fill(steps, ...Array.from({ length: t.lessons }, (_, i) => {
      const n = i + 1;
      const b = h("button", { class: "small" + (n === t!.lesson ? " current" : ""), "data-goto": String(n), "aria-label": `Lesson ${n}`, onclick: () => go(n) }, String(n));
      if (n === t!.lesson) b.setAttribute("aria-current", "step");
      return h("li", {}, b);
    }));
    const u = new URL(location.href);
    u.searchParams.set("lesson", String(Math.min(t.lesson, t.lessons + 1)));
    history.replaceState(null, "", u.pathname + u.search);
    keepFocus(app, boardEl, drawBoard);
    fitBoard();
    mark({ lesson: String(t.lesson), lessons: String(t.lessons), over: t.over ? "true" : "false", yourTurn: t.to_move === 1 ? "true" : "false" });
  }

  // playedWords says what the others played since the learner's last
  // move, a sentence a seat: "The bot: expand, play Probe f6."
  function playedWords(ps: { seat: number; move: string }[]): string {
    const out: string[] = [];
    for (let i = 0; i < ps.length;) {
      const seat = ps[i].seat, moves: string[] = [];
      for (; i < ps.length && ps[i].seat === seat; i++) moves.push(board?.entry?.({ n: 0, seat, move: ps[i].move }) || ps[i].move);
      out.push(`${name(seat)}: ${moves.join(", ")}.`);
    }
    return out.join(" ");
  }

  function view(): View {
    const seats: api.SeatView[] = Array.from({ length: t!.players }, (_, i) => ({
      seat: i + 1, kind: i === 0 ? "human" : "bot", bot: i === 0 ? undefined : t!.bot, taken: true, name: name(i + 1),
    }));
    return { obs: t!.observation, text: t!.text, legal: t!.legal, seat: 1, players: t!.players, seats,
      version: (t!.lesson - 1) + (t!.free?.length || 0), interactive: !t!.over, over: !!t!.over, log: [] };
  }

  function drawBoard(): void {
    if (!t) return;
    if (!board) {
      board = boardFor(t.game)(boardEl, panel, host);
      if (board.textOnly) legal.unfold();
    }
    const v = view();
    board.update(v);
    legal.draw(v, t.to_move === 1, (m) => play(m));
    const n = markCells(boardEl, t.marks || [], "tutorial-mark", 1, panel);
    ringMarks(boardEl);
    ringMarks(panel);
    mark({ marked: String(n) });
  }

  // ringMarks draws a ring around each highlighted cell of an SVG board:
  // the cells that take clicks are transparent, so a glow on them alone
  // would not show.
  function ringMarks(root: HTMLElement): void {
    for (const el of root.querySelectorAll<SVGGraphicsElement>("svg .tutorial-mark")) {
      if (typeof el.getBBox !== "function") continue;
      const b = el.getBBox();
      const pad = Math.max(b.width, b.height) * 0.06;
      // Last in its group, so that no cell drawn after it covers it.
      el.parentNode?.append(svgEl("rect", { x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad,
        rx: pad * 2, class: "tutorial-ring", "pointer-events": "none" }));
    }
  }

  function outcome(): string {
    if (!t || !board) return "";
    return board.outcome?.(view()) || (t.result && t.result[0] > 0 ? "You won." : "The bot won.");
  }

  function go(n: number): void {
    if (busy) return;
    busy = true;
    chooser.hide();
    api.tutorial(game, n).then((next) => {
      if (!stopped) show(next);
    }).catch(failed).finally(() => (busy = false));
  }

  function play(m: string): void {
    if (!t || busy) return;
    busy = true;
    chooser.hide();
    mark({ pending: "true" });
    api.tutorialMove(game, t.lesson, t.free || [], m).then((next) => {
      if (stopped) return;
      show(next, next.done);
    }).catch((e: api.ApiError) => {
      if (stopped) return;
      const r = e.data as api.TutorialRefusal | undefined;
      if (e.status === 422 && r) {
        const what = board?.entry?.({ n: 0, seat: 1, move: r.move }) || r.move;
        fill(refusal, h("strong", {}, `Not ${what}. `), r.hint || "", r.reason ? h("span", { class: "reason" }, ` (${r.reason})`) : "");
        refusal.hidden = false;
        mark({ refused: r.move });
      } else failed(e);
    }).finally(() => {
      busy = false;
      mark({ pending: "false" });
    });
  }

  function failed(e: Error): void {
    if (stopped) return;
    fill(refusal, e.message);
    refusal.hidden = false;
    mark({ tutorial: "error" });
  }

  go(Math.max(1, Number(params.get("lesson")) || 1));
  return () => {
    stopped = true;
  };
}
