// A game's "How to play" page: its rules document, which the server
// holds in its binary and renders (GET /api/games/{name}/rules).

import * as api from "./api";
import { h } from "./dom";
import { mark, navigate } from "./nav";

export function rulesView(app: HTMLElement, game: string): () => void {
  mark({ view: "rules", game });
  document.title = "How to play · Commons";
  const doc = h("article", { class: "rules-doc", "data-rules": game }, h("p", { class: "note" }, "Loading the rules…"));
  const back = h("button", { class: "quiet", "data-back": "", onclick: () => history.back() }, "Back");
  back.hidden = history.length < 2;
  const play = h("a", { class: "button primary", href: `/new?game=${encodeURIComponent(game)}`, "data-link": "", "data-play": game }, "Play it");
  app.append(h("section", { class: "card rules" },
    h("p", { class: "links rules-links" }, back, h("a", { class: "button quiet", href: "/", "data-link": "" }, "Lobby"), play),
    doc));

  // Links within the document: a section scrolls there; another game's
  // rules open in the app.
  doc.addEventListener("click", (e) => {
    const a = (e.target as Element).closest?.("a") as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const href = a.getAttribute("href") || "";
    if (href.startsWith("#")) {
      e.preventDefault();
      history.replaceState(null, "", href);
      document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView();
    } else if (a.origin === location.origin && a.pathname.startsWith("/rules/")) {
      e.preventDefault();
      navigate(a.pathname + a.hash);
    }
  });

  let stopped = false;
  api.rules(game).then((r) => {
    if (stopped) return;
    document.title = `How to play ${r.title} · Commons`;
    // The server renders our own documents and leaves raw HTML out.
    doc.innerHTML = r.html;
    doc.prepend(h("p", { class: "note rules-source" }, `How to play ${r.title}: its rules document, ${r.doc}.`));
    mark({ rules: r.game });
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }).catch((e: Error) => {
    if (stopped) return;
    doc.replaceChildren(h("p", { class: "banner error", role: "alert" }, e.message));
    mark({ rules: "error" });
  });
  return () => {
    stopped = true;
  };
}
