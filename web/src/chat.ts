// A chat panel: a room's messages (a match's table talk, or the
// lobby's), each with who said it (an account's name links to its
// profile; a guest is marked; a seat or the audience), and, for a
// viewer who may talk, a line to type in, Send, and quick phrases as
// buttons for phones. The match page, the replay (read only, the
// messages said up to the position shown) and the lobby use it.
//
// A message is text, and is put in the page as text (textContent),
// never as markup: whatever a person types is shown as typed.

import * as api from "./api";
import { isMuted, onAccount, setAccount, signedIn } from "./account";
import { h, fill, plural } from "./dom";

// Phrases are the quick phrases every table offers; a game adds its own
// (Breaking Head's players claim roles).
export const phrases = ["good game", "your turn", "well played", "one moment"];
export const gamePhrases: Record<string, string[]> = {
  "breaking-head": ["I am a Contributor", "I am a Blocker"],
};

export class ChatPanel {
  readonly el: HTMLElement;
  private list = h("ol", { class: "chat-list", "data-chat-list": "", "aria-live": "polite" });
  private hiddenNote = h("p", { class: "note chat-hidden", hidden: true });
  private empty = h("p", { class: "note chat-empty" }, "Nothing said yet.");
  private talk = h("div", { class: "chat-talk" });
  private error = h("p", { class: "chat-error", hidden: true, role: "alert", "data-chat-error": "" });
  private messages = new Map<number, api.ChatMessage>();
  private shows: (m: api.ChatMessage) => boolean = () => true;
  private sender: ((text: string) => Promise<void>) | null = null;
  private stopAccount: () => void;

  // room names the room in the page's data (a match's ID, or "lobby").
  constructor(room: string, title: string) {
    this.el = h("section", { class: "chat", "data-chat": room },
      h("h3", {}, title), this.empty, this.list, this.hiddenNote, this.talk);
    // A mute (here or on the account page) hides the muted account's
    // messages at once; the server stops sending them.
    this.stopAccount = onAccount(() => this.render());
  }

  // add keeps msgs (one per number: a message may come twice, and a
  // message taken down comes again without its text).
  add(msgs: api.ChatMessage[]): void {
    for (const m of msgs) this.messages.set(m.n, m);
    this.render();
  }

  // replace shows msgs only (the lobby's last messages).
  replace(msgs: api.ChatMessage[]): void {
    this.messages.clear();
    this.add(msgs);
  }

  // filter shows only the messages shows keeps (a replay: those said by
  // the position shown).
  filter(shows: (m: api.ChatMessage) => boolean): void {
    this.shows = shows;
    this.render();
  }

  // speak lets the viewer talk with send, offering quick phrases; with
  // send null it shows why not instead (a link to sign in, say).
  speak(send: ((text: string) => Promise<void>) | null, quick: string[], whyNot?: Node | string): void {
    this.sender = send;
    if (!send) {
      fill(this.talk, whyNot ? h("p", { class: "note", "data-chat-why-not": "" }, whyNot) : null);
      return;
    }
    const input = h("input", { class: "chat-input", "data-chat-input": "", maxlength: 500, placeholder: "Say something", "aria-label": "message", autocomplete: "off", enterkeyhint: "send" });
    const sendBtn = h("button", { type: "submit", class: "primary", "data-chat-send": "" }, "Send");
    const form = h("form", { class: "chat-form" }, input, sendBtn);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (!input.value.trim()) return;
      sendBtn.disabled = true;
      if (await this.send(input.value)) input.value = "";
      sendBtn.disabled = false;
      input.focus({ preventScroll: true });
    });
    fill(this.talk, form, this.error,
      quick.length ? h("div", { class: "chat-phrases" }, ...quick.map((p) => h("button", { type: "button", class: "small", "data-phrase": p, onclick: () => this.send(p) }, p))) : null);
  }

  // send says text; false (and the server's reason shown) if refused.
  private async send(text: string): Promise<boolean> {
    if (!this.sender) return false;
    this.error.hidden = true;
    try {
      await this.sender(text);
      return true;
    } catch (e) {
      this.error.textContent = (e as Error).message;
      this.error.hidden = false;
      return false;
    }
  }

  close(): void {
    this.stopAccount();
  }

  private render(): void {
    const list = this.list;
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    const all = [...this.messages.values()].filter(this.shows).sort((a, b) => a.n - b.n);
    const muted = all.filter((m) => m.account && isMuted(m.name));
    const shown = all.filter((m) => !muted.includes(m));
    fill(list, ...shown.map((m) => this.line(m)));
    this.empty.hidden = shown.length > 0;
    this.hiddenNote.hidden = muted.length === 0;
    this.hiddenNote.textContent = `${plural(muted.length, "message")} of muted accounts hidden.`;
    if (atEnd || shown.length < 8) list.scrollTop = list.scrollHeight;
  }

  // line is one message: who said it, and the text, as text.
  private line(m: api.ChatMessage): HTMLElement {
    const me = signedIn();
    const name = m.name || "a guest";
    const who = m.account
      ? h("a", { class: "chat-who", href: api.profilePath(name), "data-link": "" }, name)
      : h("span", { class: "chat-who" }, name);
    const tags: Node[] = [];
    if (m.seat) tags.push(h("span", { class: "chat-tag seat" }, `seat ${m.seat}`));
    else if (this.el.dataset.chat !== "lobby") tags.push(h("span", { class: "chat-tag spectator" }, "watching"));
    if (!m.account) tags.push(h("span", { class: "chat-tag guest" }, "guest"));
    const canMute = me && m.account && m.name && m.name.toLowerCase() !== me.name.toLowerCase() && !m.deleted;
    const text = m.deleted ? h("span", { class: "chat-text deleted" }, "(taken down)") : h("span", { class: "chat-text", text: m.text || "" });
    return h("li", {
      "data-chat-n": m.n, "data-chat-version": m.version, "data-chat-name": m.name || "", "data-chat-seat": m.seat || 0,
      "data-chat-account": m.account ? "true" : "false", title: new Date(m.at).toLocaleString(),
    },
    h("span", { class: "chat-head" }, who, ...tags,
      canMute ? h("button", { type: "button", class: "chat-mute", "data-mute": m.name, title: `hide what ${m.name} says`, onclick: () => this.mute(m.name!) }, "mute") : null),
    text);
  }

  private async mute(name: string): Promise<void> {
    try {
      setAccount(await api.mute(name, true));
    } catch (e) {
      this.error.textContent = (e as Error).message;
      this.error.hidden = false;
      if (!this.error.isConnected) this.talk.append(this.error);
    }
  }
}
