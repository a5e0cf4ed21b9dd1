// The page of a path that is no page of the app (the server answers it
// with the app and a 404 status): it says so, and offers the ways on, so
// that a stale or mistyped link is not a dead end.

import * as api from "./api";
import { h, fill } from "./dom";
import { mark } from "./nav";

export function missingView(app: HTMLElement): () => void {
  mark({ view: "missing" });
  document.title = "No such page · Commons";
  const link = (href: string, text: string, attrs: Record<string, string> = {}) => h("a", { href, "data-link": "", ...attrs }, text);
  const rules = h("ul", { class: "missing-rules", "data-missing-rules": "" });
  const rulesBox = h("div", {}, h("h3", {}, "How to play"), rules);
  app.append(h("section", { class: "card missing", "data-missing": "" },
    h("h2", {}, "No such page"),
    h("p", {}, "There is no page at ", h("code", { class: "missing-path" }, location.pathname), ". The link may be old, or mistyped."),
    h("p", { class: "links missing-links" },
      link("/", "The lobby", { class: "button primary", "data-missing-lobby": "" }),
      link("/new", "Start a match", { class: "button" }),
      link("/leaderboard", "Leaderboards", { class: "button quiet" })),
    rulesBox));
  let stopped = false;
  api.games().then((gs) => {
    if (stopped) return;
    fill(rules, ...gs.filter((g) => g.doc).map((g) => h("li", {}, link(`/learn/${g.name}`, g.title))));
  }).catch(() => {
    if (!stopped) rulesBox.hidden = true; // the server is away: the other links stand
  });
  return () => {
    stopped = true;
  };
}
