// A game's leaderboard (/leaderboard/GAME, GET
// /api/games/{name}/leaderboard): a tab per game, the people ranked by
// their conservative rating (mu - 3 sigma), and apart the bots, which
// are rated but never ranked among people.

import * as api from "./api";
import { h, fill } from "./dom";
import { mark, navigate } from "./nav";

export function leaderboardView(app: HTMLElement, game: string): () => void {
  mark({ view: "leaderboard", game });
  document.title = "Leaderboards · Commons";
  const tabs = h("nav", { class: "tabs", "aria-label": "games" });
  const body = h("div", { class: "leaderboard-body" }, h("p", { class: "note" }, "Loading…"));
  app.append(h("section", { class: "card leaderboard" }, h("h2", {}, "Leaderboards"), tabs, body));
  let stopped = false;

  api.games().then((gs) => {
    if (stopped) return;
    // /leaderboard alone: the first game's.
    if (!game && gs.length) return navigate(`/leaderboard/${gs[0].name}`, true);
    fill(tabs, ...gs.map((g) => h("a", {
      class: "tab" + (g.name === game ? " current" : ""), href: `/leaderboard/${g.name}`, "data-link": "", "data-tab": g.name,
      "aria-current": g.name === game ? "page" : undefined,
    }, g.title)));
    return api.leaderboard(game).then((lb) => {
      if (stopped) return;
      document.title = `${lb.title}: leaderboard · Commons`;
      const table = (rows: api.LeaderEntry[], bots: boolean) => rows.length
        ? h("table", { class: "leaders", "data-leaders": bots ? "bots" : "people" },
          h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, bots ? "bot" : "player"), h("th", { class: "num" }, "rating"), h("th", { class: "num" }, "games"), h("th", { class: "num" }, "wins"))),
          h("tbody", {}, ...rows.map((r) => h("tr", { "data-leader": r.name },
            h("td", { class: "num" }, String(r.rank)),
            h("td", {}, bots ? h("span", { class: "bot-name" }, `bot ${r.name}`) : h("a", { href: api.profilePath(r.name), "data-link": "" }, r.name)),
            h("td", { class: "num" }, h("strong", {}, String(r.rating))),
            h("td", { class: "num" }, String(r.games)),
            h("td", { class: "num" }, String(r.wins))))))
        : h("p", { class: "note", "data-leaders": bots ? "bots" : "people" }, bots ? "No bot has played a rated match of it yet." : "Nobody has played a rated match of it yet.");
      fill(body,
        h("h3", {}, `${lb.title}: people`), table(lb.people, false),
        h("h3", {}, `${lb.title}: bots`), h("p", { class: "note" }, "Bots are rated from the rated matches they sit in, apart from people."), table(lb.bots, true),
        h("p", { class: "note" }, "Ranked by the rating less three times its uncertainty, so that a few lucky games do not top the board; the rating shown is on the Elo scale."));
      mark({ leaderboard: lb.game });
    });
  }).catch((e: Error) => {
    if (!stopped) fill(body, h("p", { class: "banner error", role: "alert" }, e.message));
  });
  return () => {
    stopped = true;
  };
}
