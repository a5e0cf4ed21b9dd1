// The Commons web app: a lobby, live matches and replays. See package
// web (web.go) for how it is built and served.

import "./style.css";
import { h } from "./dom";
import { lobby } from "./lobby";
import { matchView } from "./match";
import { navigate, setRouter, unmarkAll, mark } from "./nav";
import { replayView } from "./replay";
import { rulesView } from "./rules";

let cleanup: (() => void) | null = null;

function route(): void {
  cleanup?.();
  cleanup = null;
  unmarkAll();
  const app = document.getElementById("app")!;
  app.replaceChildren();
  const path = location.pathname;
  let m: RegExpMatchArray | null;
  if (path === "/" || path === "/new") {
    cleanup = lobby(app, path === "/new");
  } else if ((m = path.match(/^\/match\/([A-Za-z0-9_-]+)\/?$/))) {
    cleanup = matchView(app, m[1]);
  } else if ((m = path.match(/^\/replay\/([A-Za-z0-9_-]+)\/?$/))) {
    cleanup = replayView(app, m[1]);
  } else if ((m = path.match(/^\/rules\/([A-Za-z0-9_-]+)\/?$/))) {
    cleanup = rulesView(app, m[1]);
  } else {
    mark({ view: "missing" });
    document.title = "Not found · Commons";
    app.append(h("section", { class: "card" }, h("h2", {}, "No such page"), h("p", {}, h("a", { href: "/", "data-link": "" }, "Back to the lobby"))));
  }
}

// Links marked data-link change the view without loading the page.
document.addEventListener("click", (e) => {
  const a = (e.target as Element).closest?.("a[data-link]") as HTMLAnchorElement | null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.origin !== location.origin) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
});

window.addEventListener("popstate", route);
setRouter(route);
route();
