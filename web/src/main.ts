// The Commons web app: a lobby, live matches and replays, accounts,
// profiles and leaderboards. See package web (web.go) for how it is
// built and served.

import "./style.css";
import { accountArea, accountRoute } from "./account";
import { accountView } from "./accountpage";
import { leaderboardView } from "./leaderboard";
import { lobby } from "./lobby";
import { matchView } from "./match";
import { missingView } from "./missing";
import { navigate, setRouter, unmarkAll } from "./nav";
import { profileView } from "./profile";
import { replayView } from "./replay";
import { rulesView } from "./rules";
import { learnView } from "./learn";
import { tutorialView } from "./tutorial";
import { signInView } from "./signin";

let cleanup: (() => void) | null = null;

function route(): void {
  cleanup?.();
  cleanup = null;
  unmarkAll();
  accountRoute();
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
  } else if ((m = path.match(/^\/learn\/([A-Za-z0-9_-]+)\/first\/?$/))) {
    cleanup = tutorialView(app, m[1]);
  } else if ((m = path.match(/^\/learn\/([A-Za-z0-9_-]+)\/?$/))) {
    cleanup = learnView(app, m[1]);
  } else if (path === "/signin" || path === "/signup") {
    cleanup = signInView(app, path === "/signup");
  } else if (path === "/account") {
    cleanup = accountView(app);
  } else if ((m = path.match(/^\/u\/([^/]+)\/?$/))) {
    cleanup = profileView(app, decodePath(m[1]));
  } else if ((m = path.match(/^\/leaderboard(?:\/([A-Za-z0-9_-]*))?\/?$/))) {
    cleanup = leaderboardView(app, m[1] || "");
  } else {
    cleanup = missingView(app);
  }
}

// decodePath is a path segment decoded (as typed, if it is not valid
// percent-encoding).
function decodePath(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
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
accountArea(document.getElementById("account-area")!);
route();
