// How the pages name a seat's player: an account's name links to its
// profile (/u/NAME), a guest's chosen name is marked as a guest's (it
// cannot pass for an account's), a bot is labelled a bot.

import * as api from "./api";
import { h } from "./dom";

// playerList names each seat's player: an account's name links to its
// profile, a guest's is marked as a guest's, a bot is a bot.
export function playerList(seats: api.SeatView[]): Node[] {
  const out: Node[] = [];
  for (const s of seats) {
    if (out.length) out.push(document.createTextNode(" · "));
    out.push(h("span", { class: "player", "data-player-seat": s.seat }, h("span", { class: "dot", "data-seat-colour": s.seat }), " ", playerName(s)));
  }
  return out;
}

// playerName is a seat's player, as a link to the profile of an account.
export function playerName(s: api.SeatView): Node {
  if (s.kind === "bot") return h("span", { class: "bot-name", "data-bot": s.bot || "" }, `bot ${s.bot}`);
  if (!s.taken) return h("span", { class: "free" }, "free seat");
  if (s.account && s.name) return h("a", { href: api.profilePath(s.name), "data-link": "", "data-account": s.name }, s.name);
  return h("span", { class: "guest-name" }, s.name || "a guest", h("span", { class: "note" }, " (guest)"));
}
