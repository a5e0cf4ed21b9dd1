// A game's "How to play" page: its players' rulebook, taught for a
// newcomer (GET /api/games/{name}/rulebook), with the game's numbers for
// the player count chosen; the rules document in full, the implementers'
// specification, is a link away ("Rules in full", rules.ts).

import * as api from "./api";
import { boardFor } from "./boards";
import { h } from "./dom";
import { mark, navigate } from "./nav";

export function learnView(app: HTMLElement, game: string): () => void {
  mark({ view: "learn", game });
  document.title = "How to play · Commons";
  const params = new URLSearchParams(location.search);
  const doc = h("article", { class: "rules-doc rulebook", "data-rulebook": game }, h("p", { class: "note" }, "Loading the rulebook…"));
  const back = h("button", { class: "quiet", "data-back": "", onclick: () => history.back() }, "Back");
  back.hidden = history.length < 2;
  const play = h("a", { class: "button", href: `/new?game=${encodeURIComponent(game)}`, "data-link": "", "data-play": game }, "Play it");
  const first = h("a", { class: "button primary", href: `/learn/${encodeURIComponent(game)}/first`, "data-link": "", "data-first-game": game }, "Your first game, guided");
  const full = h("a", { class: "button quiet", href: `/rules/${encodeURIComponent(game)}`, "data-link": "", "data-rules-full": game }, "Rules in full");
  const players = h("select", { id: "rulebook-players", "aria-label": "Players" });
  const count = h("label", { class: "rulebook-players", hidden: true }, "Numbers for ", players, " players");
  app.append(h("section", { class: "card rules" },
    h("p", { class: "links rules-links" }, back, h("a", { class: "button quiet", href: "/", "data-link": "" }, "Lobby"), first, play, full),
    count, doc));

  doc.addEventListener("click", (e) => {
    const a = (e.target as Element).closest?.("a") as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const href = a.getAttribute("href") || "";
    if (href.startsWith("#")) {
      e.preventDefault();
      history.replaceState(null, "", href);
      document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView();
    } else if (a.origin === location.origin && (a.pathname.startsWith("/rules/") || a.pathname.startsWith("/learn/"))) {
      e.preventDefault();
      navigate(a.pathname + a.hash);
    }
  });

  let stopped = false;
  const load = (n?: number) => {
    api.rulebook(game, n, params.get("variant") || undefined).then((r) => {
      if (stopped) return;
      document.title = `How to play ${r.title} · Commons`;
      // The server renders our own documents and leaves raw HTML out.
      doc.innerHTML = r.html;
      drawExamples(doc, r);
      players.value = String(r.players);
      mark({ rulebook: r.game, players: String(r.players) });
    }).catch((e: Error) => {
      if (stopped) return;
      doc.replaceChildren(h("p", { class: "banner error", role: "alert" }, e.message));
      mark({ rulebook: "error" });
    });
  };
  // The numbers that depend on the player count (a hand, a deal) follow
  // the count chosen.
  api.games().then((gs) => {
    const g = gs.find((x) => x.name === game);
    if (stopped || !g || g.min_players === g.max_players) return;
    for (let n = g.min_players; n <= g.max_players; n++) players.append(h("option", { value: String(n) }, String(n)));
    players.value = params.get("players") || String(g.min_players);
    count.hidden = false;
  }).catch(() => undefined);
  players.addEventListener("change", () => {
    const u = new URL(location.href);
    u.searchParams.set("players", players.value);
    history.replaceState(null, "", u.pathname + u.search);
    load(Number(players.value));
  });
  load(Number(params.get("players")) || undefined);
  return () => {
    stopped = true;
  };
}

// drawExamples replaces each paragraph "[example: NAME]" of a rulebook
// with the example's position, drawn by the game's own board as a
// spectator sees it (nothing to click), its marks highlighted, and its
// caption.
function drawExamples(doc: HTMLElement, r: api.Rulebook): void {
  const byName = new Map((r.examples || []).map((x) => [x.name, x]));
  for (const p of [...doc.querySelectorAll("p")]) {
    const m = (p.textContent || "").trim().match(/^\[example: ([a-z0-9-]+)\]$/);
    if (!m) continue;
    const ex = byName.get(m[1]);
    const fig = h("figure", { class: "rulebook-example", "data-example": m[1] });
    if (!ex) {
      fig.append(h("p", { class: "note example-missing" }, `(The picture ${m[1]} is missing.)`));
      p.replaceWith(fig);
      continue;
    }
    const boardEl = h("div", { class: "board-wrap example-board" });
    const panel = h("div", { class: "panel example-panel" });
    const host = { move: () => undefined, say: () => undefined, choose: () => undefined, name: (seat: number) => `Player ${seat}` };
    const seats = Array.from({ length: r.players }, (_, i) => ({ seat: i + 1, kind: "human" as const, taken: true, name: `Player ${i + 1}` }));
    const board = boardFor(r.game)(boardEl, panel, host);
    board.update({ obs: ex.observation, text: ex.text, legal: [], seat: 0, players: r.players, seats, version: 0, interactive: false, log: [] });
    markCells(boardEl, ex.marks || [], "example-mark");
    fig.append(h("div", { class: "example-position" }, boardEl, panel), h("figcaption", {}, ex.caption));
    p.replaceWith(fig);
  }
}

// markCells highlights with class cls what marks name on a board: its
// points, sectors, places, tiles, cards and counters, in the game's
// notation, "seat N" a seat's row and "lab:SPACE" a space of seat's Lab
// (Open Source: its spaces are named as the Commons' are), "stack:SET"
// an Infrastructure stack and "demand" the face-up Market Demand card.
// With seat, a role card named by
// its kind and level is the one of that seat's team (another team may
// hold the same).
export function markCells(boardEl: HTMLElement, marks: string[], cls: string, seat?: number, panel?: HTMLElement): number {
  let n = 0;
  for (const mark of marks) {
    const m = mark.match(/^seat (\d+)$/);
    const lab = mark.match(/^lab:(.+)$/);
    const sel = m ? `[data-seat="${m[1]}"]:not([data-role-card])`
      : lab ? `[data-lab="${seat || 1}"] [data-lab-space="${CSS.escape(lab[1])}"], [data-move="${CSS.escape("extend " + lab[1])}"]`
      : mark.startsWith("stack:") ? `[data-stack="${CSS.escape(mark.slice(6))}"]`
      : mark === "demand" ? `[data-demand]:not([data-demand=""])`
      : ["point", "sector", "at", "place", "tile", "card", "role-card", "counter"].map((a) => `[data-${a}="${CSS.escape(mark)}"]`).join(",");
    for (const root of panel ? [boardEl, panel] : [boardEl]) {
      root.querySelectorAll<HTMLElement>(sel).forEach((el) => {
        if (seat && el.dataset.roleCard && el.dataset.seat && el.dataset.seat !== String(seat)) return;
        el.classList.add(cls);
        n++;
      });
    }
  }
  return n;
}
