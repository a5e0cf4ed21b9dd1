// Breaking Head (docs/rules/breaking-head.md): comment cards laid on an
// open table from the start towards three face-down end cards, action
// cards played on players or cards, secret roles.
//
// A move is built from clicks: a card of the hand first (the panel), then
// its target: a space of the table for a comment card ("place
// KIND@X,Y", turned or not), an end card for WTF Dries?! ("peek X,Y"), a
// card of the table for Spam! ("spam X,Y"), a seat for Blocked! and
// Unblocked! (buttons in the list of seats), or "pass" for any card.
//
// Only the viewer's own secrets are ever drawn, and only from the "you"
// part of its observation, which the server fills for the viewer's seat
// alone: its role, its hand, what it saw when it peeked.

import { h, s, fill, title, plural } from "../dom";
import {
  BreakingHeadCardView as CardView, BreakingHeadLogView as LogView, BreakingHeadObservation as Obs, BreakingHeadSeatView as SeatView,
} from "../observations";
import { Board, BoardFactory, Host, KeyGrid, View, redrawKeepingFocus } from "./board";

const CELL = 20;
const LEFT = 9, TOP = 7;

// The open edges of each comment card as it lies unturned (B5).
const kindEdges: Record<string, string> = {
  crossing: "NESW", "junction-esw": "ESW", "junction-nes": "NES", "curve-sw": "SW", "curve-es": "ES",
  "straight-ns": "NS", "straight-ew": "EW", "stub-w": "W", "stub-s": "S",
};
const opposite: Record<string, string> = { N: "S", E: "W", S: "N", W: "E" };

const baseKind = (k: string) => k.replace(/-dead$/, "");
const isComment = (k: string) => baseKind(k) in kindEdges;
const isDead = (k: string) => k.endsWith("-dead");

function edgesOf(kind: string, turned: boolean): string {
  const e = kindEdges[baseKind(kind)] || "";
  if (!turned) return e;
  return "NESW".split("").filter((d) => e.includes(opposite[d])).join("");
}

const turnable = (kind: string) => isComment(kind) && edgesOf(kind, true) !== edgesOf(kind, false);

export const problemNames: Record<string, string> = { wifi: "Broken Wi-Fi", flu: "Drupal-Flu", head: "Broken Head" };
const fixNames: Record<string, string> = { lan: "LAN", vitamins: "Vitamins", fixedhead: "Fixed head" };

// cardName is a card kind as people call it.
export function cardName(kind: string): string {
  if (kind === "wtf-dries") return "WTF Dries?!";
  if (kind === "spam") return "Spam!";
  if (kind.startsWith("blocked-")) return "Blocked! " + problemNames[kind.slice(8)];
  if (kind.startsWith("unblocked-")) return "Unblocked! " + kind.slice(10).split("-").map((f) => fixNames[f] || f).join(" | ");
  const b = baseKind(kind);
  const [shape, dirs] = b.split("-");
  const name = shape.charAt(0).toUpperCase() + shape.slice(1) + (dirs ? " " + dirs.toUpperCase().split("").join("-") : "");
  return isDead(kind) ? name + " (dead end)" : name;
}

const roleName = (r: string) => (r === "blocker" ? "Blocker" : r === "contributor" ? "Contributor" : r);

interface Target {
  move: string;
  kind: "place" | "peek" | "spam";
}

const parseAt = (at: string): [number, number] => {
  const [x, y] = at.split(",").map(Number);
  return [x, y];
};

// A space of the table is at least this many CSS pixels wide, to tap.
const TAP = 44;

// moveWords says a move of the log in words ("plays Curve S-W at 3,0,
// turned"); name names a seat.
export function moveWords(move: string, name: (seat: number) => string): string {
  let m: RegExpMatchArray | null;
  if ((m = move.match(/^place (\S+)@(-?\d+,-?\d+)( turned)?$/))) return `plays ${cardName(m[1])} at ${m[2]}${m[3] ? ", turned" : ""}`;
  if ((m = move.match(/^peek (-?\d+,-?\d+)$/))) return `looks at the end card at ${m[1]} (WTF Dries?!)`;
  if ((m = move.match(/^spam (-?\d+,-?\d+)$/))) return `plays Spam! on the card at ${m[1]}`;
  if ((m = move.match(/^block seat (\d+) (\w+)$/))) return `blocks ${name(Number(m[1]))} with ${problemNames[m[2]] || m[2]}`;
  if ((m = move.match(/^unblock seat (\d+) (\w+) with (\S+)$/))) return `fixes ${problemNames[m[2]] || m[2]} of ${name(Number(m[1]))} with ${cardName(m[3])}`;
  if (move === "pass") return "passes a card, face down";
  if ((m = move.match(/^pass (\S+)$/))) return `passes ${cardName(m[1])}, face down`;
  return move;
}

export const breakinghead: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement, host: Host): Board => {
  const svg = s("svg", { class: "board bh-board" }) as SVGSVGElement;
  boardEl.replaceChildren(svg);
  // The frame's own styles on a phone (style.css: its height is capped so
  // that the hand, under it, is on the same screen).
  boardEl.classList.add("bh-wrap");
  const grid = new KeyGrid(svg, "Breaking Head table");
  let selected: string | null = null;
  let turned = false;
  let last: View | null = null;
  let myPlays = -1;
  // upright: the table runs from the top of the screen down (the start
  // at the top, the end cards at the bottom) when it is too wide for
  // the screen at a size to tap: a phone held upright.
  let upright = false;

  function update(v: View): void {
    last = v;
    const o = v.obs as Obs;
    grid.begin();
    const hand = o.you?.hand || [];
    // A card played by the viewer ends the choice; the next starts anew.
    const plays = o.log.filter((l) => l.seat === v.seat).length;
    if (plays !== myPlays || (selected && !hand.includes(selected))) {
      myPlays = plays;
      selected = null;
      turned = false;
    }
    if (selected && !turnable(selected)) turned = false;

    // The targets of the selected card, by position.
    const targets = new Map<string, Target>();
    if (selected) {
      if (isComment(selected)) {
        const prefix = `place ${selected}@`;
        const preferred = new Map<string, string>();
        for (const m of v.legal) {
          if (!m.startsWith(prefix)) continue;
          const rest = m.slice(prefix.length);
          const isTurned = rest.endsWith(" turned");
          const at = isTurned ? rest.slice(0, -7) : rest;
          // Prefer the orientation chosen in the panel; take the other
          // when only it fits there.
          if (isTurned === turned || !preferred.has(at)) preferred.set(at, m);
        }
        for (const [at, m] of preferred) targets.set(at, { move: m, kind: "place" });
      } else if (selected === "wtf-dries" || selected === "spam") {
        const verb = selected === "spam" ? "spam" : "peek";
        for (const m of v.legal) if (m.startsWith(verb + " ")) targets.set(m.slice(verb.length + 1), { move: m, kind: verb });
      }
    }

    // The window: the table and every space any card could go to, with
    // a margin, so it does not jump while choosing.
    // (On a narrow screen the spaces on offer get no margin of their
    // own: room to tap is scarce there.)
    let x0 = 0, x1 = 8, y0 = -2, y1 = 2;
    const narrow = boardEl.clientWidth > 0 && boardEl.clientWidth < 600;
    const grow = (at: string, margin: number) => {
      const [x, y] = parseAt(at);
      x0 = Math.min(x0, x - margin); x1 = Math.max(x1, x + margin); y0 = Math.min(y0, y - margin); y1 = Math.max(y1, y + margin);
    };
    o.table.forEach((c) => grow(c.at, 1));
    for (const m of v.legal) {
      const at = m.match(/^place \S+@(-?\d+,-?\d+)/);
      if (at) grow(at[1], narrow ? 0 : 1);
    }
    const cols = x1 - x0 + 1, rows = y1 - y0 + 1;
    const W = LEFT + cols * CELL + 1, H = TOP + rows * CELL + 1;
    // Cards stay big enough to tap (TAP pixels): a table too wide for
    // the frame is turned upright when that fits better, and a table
    // that fits neither way pans inside its frame (which scrolls).
    const room = boardEl.clientWidth - 8;
    const wideFits = room >= (W * TAP) / CELL;
    upright = !wideFits && room > 0 && H < W;
    const across = upright ? H : W;
    svg.setAttribute("viewBox", upright ? `0 0 ${H} ${W}` : `0 0 ${W} ${H}`);
    const minWidth = `${Math.ceil((across * TAP) / CELL)}px`;
    const relaid = svg.style.minWidth !== minWidth;
    svg.style.minWidth = minWidth;
    svg.classList.toggle("upright", upright);
    if (relaid && boardEl.scrollWidth > boardEl.clientWidth) {
      // A table that pans opens on its middle row (the start's, and the
      // middle end card's).
      const f = ((upright ? y1 : -x0) + 0.5) * CELL + (upright ? 0 : LEFT);
      boardEl.scrollLeft = (f / across) * boardEl.scrollWidth - boardEl.clientWidth / 2;
    }
    svg.replaceChildren();
    // Drawn as a wide table; turned a quarter clockwise when upright.
    const layer = s("g", { transform: upright ? `translate(${H} 0) rotate(90)` : undefined });
    svg.append(layer);
    layer.append(s("rect", { x: LEFT, y: TOP, width: cols * CELL, height: rows * CELL, rx: 2, class: "felt" }));
    for (let x = x0; x <= x1; x++) layer.append(s("text", { x: LEFT + (x - x0) * CELL + CELL / 2, y: TOP - 2, class: "coord" }, String(x)));
    for (let y = y0; y <= y1; y++) layer.append(s("text", { x: LEFT / 2, y: TOP + (y - y0) * CELL + CELL / 2 + 1.2, class: "coord" }, String(y)));

    const peeks = new Map((o.you?.peeks || []).map((p) => [p.at, p.card]));
    const byAt = new Map(o.table.map((c) => [c.at, c]));
    const lastAt = lastPlace(o.log);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const at = `${x},${y}`;
        const cx = LEFT + (x - x0) * CELL, cy = TOP + (y - y0) * CELL;
        const card = byAt.get(at);
        if (card) layer.append(drawCard(card, cx, cy, peeks.get(at), at === lastAt));
        const t = targets.get(at);
        if (t && t.kind === "place") {
          const ghost = drawEdges(cx, cy, edgesOf(selected!, t.move.endsWith(" turned")), isDead(selected!), "ghost");
          layer.append(s("rect", { x: cx + 1.5, y: cy + 1.5, width: CELL - 3, height: CELL - 3, rx: 2, class: "target place" }), ghost);
        } else if (t) {
          layer.append(s("rect", { x: cx + 0.6, y: cy + 0.6, width: CELL - 1.2, height: CELL - 1.2, rx: 2.6, class: "target " + t.kind }));
        }
        const hit = s("rect", {
          x: cx, y: cy, width: CELL, height: CELL, class: "hit" + (t ? " legal" : ""),
          "data-at": at, "data-legal": t?.move, "data-kind": t?.kind,
        });
        const words = (card ? `${at}: ${describeCard(card, peeks.get(at))}` : `${at}: empty`);
        title(hit, words + (t ? ` — click: ${t.move}` : ""));
        // The keyboard moves as the eye does: across and down the screen.
        const [kc, kr] = upright ? [y1 - y, x - x0] : [x - x0, y - y0];
        grid.cell(hit, kc, kr, words + (t ? `; ${moveWords(t.move, host.name)} here` : ""));
        hit.addEventListener("click", () => click(v, at, t));
        layer.append(hit);
      }
    }
    if (upright) {
      // Words stay upright: a coordinate turns about its own anchor; a
      // card's words turn together about the card's middle, so that
      // lines stacked on the card (FIXED & / COMMITTED, ? over a peek's
      // F&C) stay stacked on the screen rather than side by side, over
      // each other.
      layer.querySelectorAll<SVGTextElement>(":scope > text").forEach((t) => t.setAttribute("transform", `rotate(-90 ${t.getAttribute("x")} ${t.getAttribute("y")})`));
      layer.querySelectorAll<SVGElement>(".card-words").forEach((g) => g.setAttribute("transform", `rotate(-90 ${g.dataset.cx} ${g.dataset.cy})`));
    }
    const first = layer.querySelector<SVGElement>(".hit.legal") || layer.querySelector<SVGElement>('.hit[data-at="0,0"]');
    grid.end(first ? [Number(first.dataset.col), Number(first.dataset.row)] : undefined);
    drawPanel(v, o);
  }

  function click(v: View, at: string, t: Target | undefined): void {
    if (!v.interactive) return host.say(v.over ? "The match is over." : "You are watching this match.");
    if (t) return host.move(t.move);
    if (!selected) return host.say("Choose a card from your hand first, then where it goes.");
    if (isComment(selected)) return host.move(`place ${selected}@${at}${turned && turnable(selected) ? " turned" : ""}`);
    if (selected === "wtf-dries") return host.move(`peek ${at}`);
    if (selected === "spam") return host.move(`spam ${at}`);
    host.say(`${cardName(selected)} is played on a player: use the buttons in the list of seats.`);
  }

  function drawEdges(cx: number, cy: number, edges: string, dead: boolean, cls: string): SVGElement {
    const g = s("g", { class: cls });
    const mx = cx + CELL / 2, my = cy + CELL / 2;
    const ends: Record<string, [number, number]> = { N: [mx, cy + 1], E: [cx + CELL - 1, my], S: [mx, cy + CELL - 1], W: [cx + 1, my] };
    for (const d of edges) {
      const [ex, ey] = ends[d];
      // A dead-end's roads stop short of the middle: they connect nothing.
      const k = dead ? 0.45 : 1;
      g.append(s("line", { x1: ex, y1: ey, x2: ex + (mx - ex) * k, y2: ey + (my - ey) * k, class: "road" }));
    }
    if (dead) {
      g.append(s("circle", { cx: mx, cy: my, r: 2.6, class: "deadmark" }));
      g.append(s("path", { d: `M${mx - 1.3} ${my - 1.3}L${mx + 1.3} ${my + 1.3}M${mx + 1.3} ${my - 1.3}L${mx - 1.3} ${my + 1.3}`, class: "deadx" }));
    } else if (edges.length) {
      g.append(s("circle", { cx: mx, cy: my, r: 2, class: "hub" }));
    }
    return g;
  }

  function describeCard(c: CardView, peek?: string): string {
    switch (c.card) {
      case "start": return "the start (Issue summary)";
      case "end": return peek ? `an end card, face down; you saw ${peek === "fixed-committed" ? "Fixed & Committed" : "Needs work"}` : "an end card, face down";
      case "fixed-committed": return "Fixed & Committed, face up";
      case "needs-work": return "Needs work, face up";
    }
    return cardName(c.card) + (c.turned ? ", turned" : "");
  }

  function drawCard(c: CardView, cx: number, cy: number, peek: string | undefined, isLast: boolean): SVGElement {
    let cls = "card";
    if (c.card === "start") cls += " start";
    else if (c.card === "end") cls += " end-down";
    else if (c.card === "fixed-committed") cls += " end-fixed";
    else if (c.card === "needs-work") cls += " end-needs";
    const g = s("g", { class: "bh-card", "data-card": c.card === "end" ? "end" : c.card, "data-at": c.at });
    g.append(s("rect", { x: cx + 1, y: cy + 1, width: CELL - 2, height: CELL - 2, rx: 2, class: cls + (isLast ? " last" : "") }));
    const mx = cx + CELL / 2;
    if (c.card === "start" || c.card === "end" || c.card === "fixed-committed" || c.card === "needs-work") {
      g.append(drawEdges(cx, cy, c.edges, false, "faint"));
      const label = { start: ["START"], end: ["?"], "fixed-committed": ["FIXED &", "COMMITTED"], "needs-work": ["NEEDS", "WORK"] }[c.card]!;
      const bigY = peek ? 10.5 : 13;
      // The card's words, in one group that turns as one (see update).
      const words = s("g", { class: "card-words", "data-cx": mx, "data-cy": cy + CELL / 2 });
      label.forEach((line, i) => words.append(s("text", { x: mx, y: cy + (c.card === "end" ? bigY : 11.1 + i * 3.6 - (label.length - 1) * 1.8), class: "card-label " + (c.card === "end" ? "big" : "") }, line)));
      if (c.card === "end" && peek) {
        // What the viewer saw when it peeked, for its eyes only.
        g.append(s("rect", { x: cx + 1, y: cy + 1, width: CELL - 2, height: CELL - 2, rx: 2, class: "peeked-frame" }));
        words.append(s("text", { x: mx, y: cy + 16.6, class: "peek-label", "data-peek": peek }, peek === "fixed-committed" ? "F&C" : "NW"));
      }
      g.append(words);
    } else {
      g.append(drawEdges(cx, cy, c.edges, isDead(c.card), "roads"));
    }
    return title(g, `${c.at}: ${describeCard(c, peek)}`);
  }

  function miniCard(kind: string, t: boolean): SVGElement {
    const m = s("svg", { viewBox: "0 0 20 20", class: "mini", "aria-hidden": "true" });
    if (isComment(kind)) {
      m.append(s("rect", { x: 1, y: 1, width: 18, height: 18, rx: 2, class: "card" }));
      // Seen as it would lie on the table (turned a quarter when the
      // table is upright).
      m.append(s("g", { transform: upright ? "rotate(90 10 10)" : undefined }, drawEdges(0, 0, edgesOf(kind, t), isDead(kind), "roads")));
    } else {
      const cls = kind.startsWith("blocked") ? "act-block" : kind.startsWith("unblocked") ? "act-fix" : kind === "spam" ? "act-spam" : "act-wtf";
      m.append(s("rect", { x: 1, y: 1, width: 18, height: 18, rx: 2, class: "card " + cls }));
      const label = kind === "wtf-dries" ? "WTF" : kind === "spam" ? "SPAM" : kind.startsWith("blocked") ? "BLOCK" : "FIX";
      m.append(s("text", { x: 10, y: 11.5, class: "act-label" }, label));
    }
    return m;
  }

  function drawPanel(v: View, o: Obs): void {
    const you = o.you;
    const movesOf = (kind: string) => v.legal.filter((m) => usesCard(m, kind));
    const parts: Node[] = [];
    if (you) {
      parts.push(h("div", { class: "private", "data-private": "" },
        h("p", { class: "role", "data-role": you.role || "" }, "You are ", h("strong", {}, you.role ? roleName(you.role) : "not yet dealt a role"),
          you.role === "blocker" ? ": keep Fixed & Committed from being reached." : you.role === "contributor" ? ": reach Fixed & Committed." : ""),
        h("p", { class: "hand-title" }, `Your hand (${plural(you.hand.length, "card")})`),
        h("div", { class: "hand", "data-hand": "" }, ...you.hand.map((k) => {
          // Dimmed: a card with no use now but a pass (only on the
          // viewer's turn: otherwise nothing is playable).
          const playable = movesOf(k).length > 0 || v.legal.length === 0;
          return h("button", {
            class: "hand-card" + (k === selected ? " selected" : "") + (playable ? "" : " unplayable"),
            "data-hand-card": k, "data-playable": playable ? "true" : "false", title: cardName(k),
            onclick: () => { if (selected !== k) turned = false; selected = k; if (last) redrawKeepingFocus(() => update(last!), `[data-hand-card="${k}"]`); },
          // Its name breaks at a space, never at a hyphen ("Curve S-W").
          }, miniCard(k, k === selected && turned), h("span", {}, cardName(k).replace(/-/g, "\u2011")));
        })),
        ...(you.peeks || []).map((p) => h("p", { class: "peek", "data-peek": p.card }, `You looked at the end card at ${p.at}: `,
          h("strong", {}, p.card === "fixed-committed" ? "Fixed & Committed" : "Needs work"), "."))));
      if (selected) parts.push(selectedControls(v, selected));
    }
    parts.push(h("ul", { class: "seats" }, ...o.seats.map((sv) => seatRow(v, o, sv))));
    parts.push(h("p", { class: "note" }, `Deck: ${plural(o.deck, "card")} · passed face down: ${o.discards}`));
    if (o.chance) parts.push(h("p", { class: "note" }, `Chance: ${o.chance}.`));
    parts.push(h("p", { class: "legend" }, "Roads show open edges; a red ✕ marks a dead end, which connects nothing. ? is an end card face down: one of them is Fixed & Committed.",
      upright ? " The table is turned upright to fit the screen: the start is at the top, the end cards at the bottom, and your cards are shown as they would lie." : ""));
    fill(panel, ...parts);
  }

  function selectedControls(v: View, kind: string): HTMLElement {
    const pass = `pass ${kind}`;
    let hint = "";
    if (isComment(kind)) hint = v.legal.some((m) => m.startsWith(`place ${kind}@`)) ? "Click a highlighted space on the table." : "It fits nowhere now" + (v.legal.length ? "" : " (it is not your turn)") + ".";
    else if (kind === "wtf-dries") hint = "Click a face-down end card to look at it in secret.";
    else if (kind === "spam") hint = "Click a comment card on the table to remove it.";
    else if (kind.startsWith("blocked")) hint = "Choose the player to block in the list of seats.";
    else hint = "Choose whose problem to fix in the list of seats.";
    return h("div", { class: "selected-card", "data-selected": kind },
      h("p", {}, h("strong", {}, cardName(kind)), " — ", hint),
      turnable(kind) ? h("button", { "data-turn": "", onclick: () => { turned = !turned; if (last) redrawKeepingFocus(() => update(last!), "[data-turn]"); } }, turned ? "Turn back" : "Turn 180°") : null,
      v.legal.includes(pass) ? h("button", { "data-move": pass, onclick: () => host.move(pass) }, "Pass: discard it face down") : null);
  }

  function seatRow(v: View, o: Obs, sv: SeatView): HTMLElement {
    const buttons: Node[] = [];
    if (selected?.startsWith("blocked-")) {
      const p = selected.slice(8);
      const m = `block seat ${sv.seat} ${p}`;
      if (v.legal.includes(m)) buttons.push(h("button", { class: "small", "data-move": m, onclick: () => host.move(m) }, `Block: ${problemNames[p]}`));
    } else if (selected?.startsWith("unblocked-")) {
      for (const p of ["wifi", "flu", "head"]) {
        const m = `unblock seat ${sv.seat} ${p} with ${selected}`;
        if (v.legal.includes(m)) buttons.push(h("button", { class: "small", "data-move": m, onclick: () => host.move(m) }, `Fix ${problemNames[p]}`));
      }
    }
    // A match over (by its rules, or abandoned) has nobody to play.
    const toPlay = sv.seat === o.to_move && o.status !== "over" && !v.over;
    return h("li", { class: "seat" + (toPlay ? " current" : ""), "data-seat": sv.seat },
      h("span", { class: "who" }, host.name(sv.seat), sv.seat === v.seat ? " · you" : "", toPlay ? " · to play" : ""),
      h("span", { class: "cards" }, plural(sv.hand_size, "card")),
      ...(sv.problems || []).map((p) => h("span", { class: "problem", "data-problem": p }, problemNames[p])),
      sv.peeked?.length ? h("span", { class: "peeked" }, "looked at " + sv.peeked.join(" and ")) : null,
      sv.role ? h("span", { class: "revealed-role", "data-revealed-role": sv.role }, roleName(sv.role)) : null,
      ...buttons);
  }

  return {
    update,
    status(v) {
      const o = v.obs as Obs;
      if (o.status === "over" || v.over) return "";
      if (o.chance) return o.chance;
      return "play a card";
    },
    outcome(v) {
      const o = v.obs as Obs;
      const roles = o.seats.map((sv) => `${host.name(sv.seat)}: ${roleName(sv.role || "?")}`).join(", ");
      const who = o.winners === "contributors" ? "The Contributors win: Fixed & Committed is reached." :
        o.winners === "blockers" ? "The Blockers win: the cards ran out before Fixed & Committed was reached." :
        "Nobody wins: the cards ran out, but no seat was a Blocker.";
      return `${who} Roles: ${roles}.`;
    },
    log(v) {
      const o = v.obs as Obs;
      return o.log.map((l) => `${host.name(l.seat)}: ${moveWords(l.move, host.name)}${l.removed ? `, which removed ${cardName(l.removed)}` : ""} (${l.move})`);
    },
    entry(e) {
      if (!e.seat) return e.move.slice(1);
      return `${moveWords(e.move, host.name)} (${e.move})`;
    },
  };
};

// usesCard reports whether legal move m plays a card of kind.
function usesCard(m: string, kind: string): boolean {
  if (m.startsWith("place ")) return m.startsWith(`place ${kind}@`);
  if (m.startsWith("peek ")) return kind === "wtf-dries";
  if (m.startsWith("spam ")) return kind === "spam";
  if (m.startsWith("block ")) return kind === "blocked-" + m.split(" ")[3];
  if (m.startsWith("unblock ")) return m.endsWith(" with " + kind);
  return false;
}

function lastPlace(log: LogView[]): string | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    const m = log[i].move.match(/^place \S+@(-?\d+,-?\d+)/);
    if (m) return m[1];
    if (log[i].move.startsWith("spam ")) return undefined;
  }
  return undefined;
}
