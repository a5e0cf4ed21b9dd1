// The head of a match page: the game's title and the match's status
// (rated or not), who the viewer is, who plays (accounts link to their
// profiles, bots are marked), the invite link (with Copy) while the
// match is not over; and the links under the log (How to play, the
// record, the replay, the lobby).

import * as api from "../api";
import { h, fill } from "../dom";
import { playerList } from "../players";

export class MatchHead {
  readonly el: HTMLElement;
  readonly links: HTMLElement;
  private heading = h("h2", {}, "Match");
  private who = h("p", { class: "who" });
  private players = h("p", { class: "players", "data-players": "" });
  // The server's variant the match is played as, if any.
  private variantLine = h("p", { class: "variant-line", hidden: true });
  private invite: HTMLElement;
  private rulesLink = h("a", { href: "/", "data-link": "", "data-rules-link": "", hidden: true }, "How to play");
  // titled sets the tab's title from the match's; the page replaces it
  // to mark the viewer's turn (attention.ts).
  titled = (title: string) => {
    document.title = `${title} · Commons`;
  };

  constructor(private id: string) {
    const input = h("input", { readonly: "", class: "invite-url", value: `${location.origin}/match/${id}`, "aria-label": "invite link", onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
    const copied = h("span", { class: "note copied" });
    this.invite = h("div", { class: "invite" }, h("span", {}, "Invite link "), input,
      h("button", { "data-copy": "", onclick: () => copyInvite(input, copied) }, "Copy"), copied);
    this.el = h("div", { class: "match-head" }, this.heading, this.variantLine, this.who, this.invite, this.players);
    this.links = h("p", { class: "links" },
      this.rulesLink, " · ",
      h("a", { href: api.recordURL(id), download: `commons-${id}.json`, "data-download": "" }, "Download the record"), " · ",
      h("a", { href: `/replay/${id}`, "data-link": "" }, "Replay"), " · ",
      h("a", { href: "/", "data-link": "" }, "Lobby"));
  }

  // named heads the page with the game's name, however the page was
  // opened (the lobby, an invite link, a reload).
  named(game: string, title: string): void {
    this.titled(title);
    // The title, before the status and the rated mark.
    const marks = [...this.heading.querySelectorAll(".status, .tag")];
    this.heading.replaceChildren(title, " ", ...marks);
    this.rulesLink.href = `/learn/${game}`;
    this.rulesLink.textContent = `How to play ${title}`;
    this.rulesLink.hidden = false;
  }

  // variant says which of the server's variants the match is played
  // as (none: the game's own rules).
  variant(v: api.MatchVariant | undefined): void {
    this.variantLine.hidden = !v;
    if (!v) return;
    this.variantLine.dataset.variant = v.name;
    fill(this.variantLine, "Variant: ", h("strong", {}, v.title),
      v.data ? h("span", { class: "note", title: `the data table's SHA-256: ${v.data}` }, ` · table ${v.data.slice(0, 8)}`) : null);
  }

  // draw shows the state of st: its title and status, who the viewer
  // is (you, the seated player, named by you), and the invite link until
  // the end.
  draw(st: api.StateMsg, game: string, title: string, you: string | null, rated: boolean): void {
    fill(this.heading, title, " ", h("span", { class: "status", "data-status": st.status }, st.abandoned && st.status === "running" ? "abandoned" : st.status),
      rated ? h("span", { class: "tag rated", "data-rated": "" }, "rated") : null);
    fill(this.players, ...playerList(st.seats));
    if (game) this.named(game, title);
    fill(this.who, you ? `You are ${you}.` : "You are watching.", " ", h("span", { class: "note" }, `Match ${this.id}`));
    this.invite.hidden = st.status === "over";
  }
}

async function copyInvite(input: HTMLInputElement, copied: HTMLElement): Promise<void> {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    copied.textContent = "copied";
  } catch {
    // Clipboard access needs a secure context: the link is selected
    // for the user to copy.
    copied.textContent = "select and copy the link";
  }
}
