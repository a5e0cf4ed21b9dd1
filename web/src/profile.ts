// A person's profile (/u/NAME, GET /api/users/{name}): the ratings per
// game, the matches waiting for this person's move, and the history,
// each match with its result, the opponents (bots marked as bots),
// whether it was rated, and a link to the match or its replay.

import * as api from "./api";
import { h, fill } from "./dom";
import { mark } from "./nav";
import { playerName } from "./players";
import { waitingItem } from "./lobbyturns";

// gameTitles are the games' titles by name, read once.
let titles: Promise<Map<string, string>> | null = null;
export function gameTitles(): Promise<Map<string, string>> {
  if (!titles) {
    titles = api.games().then((gs) => new Map(gs.map((g) => [g.name, g.title])), () => {
      titles = null;
      return new Map();
    });
  }
  return titles;
}

const results: Record<string, string> = { won: "won", lost: "lost", draw: "draw", abandoned: "abandoned" };

export function profileView(app: HTMLElement, name: string): () => void {
  mark({ view: "profile", profile: name });
  document.title = `${name} · Commons`;
  const box = h("section", { class: "profile" }, h("p", { class: "note" }, "Loading…"));
  app.append(box);
  let stopped = false;

  Promise.all([api.profile(name), gameTitles()]).then(([p, titles]) => {
    if (stopped) return;
    document.title = `${p.name} · Commons`;
    const title = (g: string) => titles.get(g) || g;
    // The others at a match's table, the person's own seat left out.
    const opponents = (m: api.HistoryEntry) => {
      const out: Node[] = [];
      for (const s of m.seats) {
        if (s.seat === m.seat) continue;
        if (out.length) out.push(document.createTextNode(", "));
        out.push(playerName(s));
      }
      return out.length ? out : [document.createTextNode("nobody")];
    };
    const when = (iso: string) => new Date(iso).toLocaleDateString();
    const link = (m: api.HistoryEntry, label: string) => h("a", { class: "button small", href: m.page, "data-link": "", "data-history-link": m.id }, label);
    const ratingsTable = p.ratings.length
      ? h("table", { class: "ratings-table", "data-ratings": "" },
        h("thead", {}, h("tr", {}, h("th", {}, "game"), h("th", { class: "num" }, "rating"), h("th", { class: "num" }, "games"), h("th", { class: "num" }, "wins"))),
        h("tbody", {}, ...p.ratings.map((r) => h("tr", { "data-rating-game": r.game, "data-rating": r.rating },
          h("td", {}, h("a", { href: `/leaderboard/${r.game}`, "data-link": "" }, title(r.game))),
          h("td", { class: "num" }, h("strong", {}, String(r.rating))),
          h("td", { class: "num" }, String(r.games)),
          h("td", { class: "num" }, String(r.wins))))))
      : h("p", { class: "note", "data-ratings": "" }, "No rated games yet.");
    const waiting = p.waiting.length
      // The one waiting longest first, with how long it has waited and
      // its deadline.
      ? h("ul", { class: "waiting", "data-waiting": "" }, ...p.waiting.map((m) => waitingItem(m, m.title || title(m.game), "Open")))
      : h("p", { class: "note", "data-waiting": "" }, "No match waits for a move of theirs.");
    const history = p.matches.length
      ? h("table", { class: "history", "data-history": "" },
        h("thead", {}, h("tr", {}, h("th", {}, "match"), h("th", {}, "against"), h("th", {}, "result"), h("th", {}, ""))),
        h("tbody", {}, ...p.matches.map((m) => h("tr", { "data-history-match": m.id, "data-result": m.result || m.status, "data-rated": m.rated ? "" : undefined },
          h("td", {}, h("strong", {}, m.title || title(m.game)), m.rated ? h("span", { class: "tag rated" }, "rated") : null,
            h("div", { class: "note" }, `${when(m.created)}${m.seat ? ` · seat ${m.seat}` : ""}`)),
          h("td", { class: "seats-cell" }, ...opponents(m)),
          h("td", { class: "result-cell" }, m.result ? h("span", { class: `result-tag ${m.result}` }, results[m.result] || m.result) : h("span", { class: "note" }, m.status === "over" ? "over" : m.to_move && m.to_move === m.seat ? "their move" : "being played")),
          h("td", { class: "actions" }, link(m, m.status === "over" ? "Replay" : "Open"))))))
      : h("p", { class: "note", "data-history": "" }, "No matches yet.");
    fill(box,
      h("div", { class: "card" }, h("h2", { "data-profile-name": p.name }, p.name), h("p", { class: "note" }, `Playing at Commons since ${when(p.created)}.`),
        h("h3", {}, "Ratings"), ratingsTable),
      h("div", { class: "card" }, h("h3", {}, "Waiting for their move"), waiting),
      h("div", { class: "card" }, h("h3", {}, "Matches"), history));
    mark({ profileLoaded: true });
  }).catch((e: Error) => {
    if (stopped) return;
    fill(box, h("div", { class: "card" }, h("h2", {}, "No such person"), h("p", { class: "banner error", role: "alert" }, e.message),
      h("p", {}, h("a", { href: "/", "data-link": "" }, "Back to the lobby"))));
    mark({ profileLoaded: "error" });
  });
  return () => {
    stopped = true;
  };
}
