// The lobby's parts for turn-based play (docs/api.md, Turn-based
// matches): the new-match form's "Play" choice (real time, with its
// turn timer, or turn based, with a time per move of hours or days), the
// mark of a turn-based match in the lists, and "Your turn": the matches
// of the person signed in that wait for their move, the one waiting
// longest first (GET /api/users/{name}, waiting).

import * as api from "./api";
import { whoami } from "./account";
import { h, fill } from "./dom";
import { mark } from "./nav";
import { playerName } from "./players";
import { deadlineWords, moveTimes, perMove, waited } from "./turns";

// PlayChoice is the form's "Play" choice.
export interface PlayChoice {
  el: HTMLElement;
  // request is what the choice adds to the new match's request.
  request(): { turn_based?: boolean; turn_timer: string };
  // kept and restore are the choice as the form's history entry keeps it.
  kept(): { mode: string; moveTime: string };
  restore(c: { mode?: string; moveTime?: string }): void;
}

// playChoice makes the choice; timer is the form's turn timer (its
// label), shown for real time only.
export function playChoice(timer: HTMLSelectElement, timerLabel: HTMLElement): PlayChoice {
  const mode = h("select", { id: "play-mode", "data-play-mode": "" },
    h("option", { value: "real-time" }, "in real time"),
    h("option", { value: "turn-based" }, "turn based: a move when it suits you"));
  const moveTime = h("select", { id: "move-time", "data-move-time": "" },
    ...moveTimes.map((t) => h("option", { value: t.value }, t.label + (t.default ? " (default)" : ""))));
  moveTime.value = moveTimes.find((t) => t.default)!.value;
  const moveLabel = h("label", { "data-move-time-box": "" }, "Time per move ", moveTime);
  const note = h("p", { class: "note play-note" });
  const sync = () => {
    const tb = mode.value === "turn-based";
    timerLabel.hidden = tb;
    moveLabel.hidden = !tb;
    note.textContent = tb
      ? "Played over days: each player moves when it suits them, within the time per move; signed in, you can be mailed when it is your turn (your account page). When time runs out a bot moves for the player."
      : "";
    note.hidden = !tb;
  };
  mode.addEventListener("change", sync);
  sync();
  return {
    el: h("div", { class: "play-choice" }, h("label", {}, "Play ", mode), moveLabel, note),
    request: () => (mode.value === "turn-based" ? { turn_based: true, turn_timer: moveTime.value } : { turn_timer: timer.value }),
    kept: () => ({ mode: mode.value, moveTime: moveTime.value }),
    restore(c) {
      if (c.mode && [...mode.options].some((o) => o.value === c.mode)) mode.value = c.mode;
      if (c.moveTime && [...moveTime.options].some((o) => o.value === c.moveTime)) moveTime.value = c.moveTime;
      sync();
    },
  };
}

// turnTag marks a turn-based match in a list, with its time per move.
export function turnTag(m: { turn_based?: boolean; settings?: Record<string, string> }): HTMLElement | null {
  if (!m.turn_based) return null;
  const per = perMove(m.settings?.turn_timer);
  return h("span", { class: "tag turn-based", "data-turn-based": "", title: "a move when it suits each player" + (per ? `: ${per}` : "") }, "turn based" + (per ? ` · ${per}` : ""));
}

// YourTurn is the lobby's "Your turn" card: hidden signed out, and when
// nothing waits.
export class YourTurn {
  readonly el = h("div", { class: "card your-turn", "data-card": "your-turn", hidden: true });
  private list = h("ul", { class: "your-turn-list", "data-your-turn": "" });
  // last is when the profile was last read: the lobby refreshes every
  // few seconds, the card every half minute (a profile reads each of
  // the person's running matches), or at once when asked (force).
  private last = 0;

  constructor() {
    this.el.append(h("h2", {}, "Your turn"), this.list);
  }

  async refresh(titles: (game: string) => string, force = false): Promise<void> {
    if (!force && Date.now() - this.last < 30e3) return;
    this.last = Date.now();
    const acc = await whoami();
    if (!acc) {
      this.el.hidden = true;
      mark({ yourTurnCount: undefined });
      return;
    }
    let p: api.Profile;
    try {
      p = await api.profile(acc.name);
    } catch {
      return; // the card stands as it was
    }
    this.el.hidden = p.waiting.length === 0;
    mark({ yourTurnCount: p.waiting.length });
    fill(this.list, ...p.waiting.map((m) => waitingItem(m, m.title || titles(m.game), "Play")));
  }
}

// waitingItem is a match waiting for a person's move: the game, the
// others at the table, how long it has waited, its deadline, and its
// page (the lobby's "Your turn" and the profile's list).
export function waitingItem(m: api.HistoryEntry, title: string, action: string): HTMLElement {
  const others: Node[] = [];
  for (const s of m.seats) {
    if (s.seat === m.seat) continue;
    if (others.length) others.push(document.createTextNode(", "));
    others.push(playerName(s));
  }
  const times: string[] = [];
  if (m.turn_start) times.push(`waiting ${waited(m.turn_start)}`);
  if (m.deadline) times.push(deadlineWords(m.deadline));
  return h("li", { class: "waiting-item", "data-waiting-match": m.id },
    h("div", { class: "waiting-what" },
      h("strong", {}, title), m.rated ? h("span", { class: "tag rated" }, "rated") : null,
      m.turn_based ? h("span", { class: "tag turn-based" }, "turn based") : null,
      others.length ? h("span", {}, " against ", ...others) : null,
      times.length ? h("div", { class: "note waiting-times", "data-waited": m.turn_start || "", "data-deadline": m.deadline || "" }, times.join(" · ")) : null),
    h("a", { class: "button small primary", href: m.page, "data-link": "", "data-history-link": m.id, "data-your-turn-link": m.id }, action));
}
