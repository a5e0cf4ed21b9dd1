// The viewer's turn, told beyond the page: a player who waits for the
// others in another tab, or with the phone in a pocket, learns that it is
// their turn. While the seat held is to move, the tab's title says so
// ("▶ Your turn · Source · Commons") and its icon changes; when it
// becomes their turn, a beep (off unless asked for, remembered in
// localStorage) and, with the browser's permission, a notification while
// the page is hidden.

import * as api from "../api";
import { h, fill } from "../dom";

const soundKey = "commons.turnSound";
const notifyKey = "commons.turnNotify";

// turnIcon is the tab's icon while it is the viewer's turn: a dark
// triangle on yellow, unlike the usual four discs on slate (CSP allows
// img-src data:).
const turnIcon = "data:image/svg+xml," + encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#f4c542"/><path d="M11 6.5v19l15-9.5z" fill="#2f4858"/></svg>`);

export class TurnAlert {
  // el holds the choices: the sound, the notifications.
  readonly el = h("div", { class: "turn-alert", "data-turn-alert": "", hidden: true });
  private base = "Match";
  private mine = false;
  private drawn = false;
  private seen = 0; // the log's length when last drawn
  private icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  private plainIcon = this.icon?.getAttribute("href") || "";
  private audio: AudioContext | null = null;
  private controls = "";

  constructor(private id: string) {}

  // title sets the page's title, which the turn's mark goes before.
  title(base: string): void {
    this.base = base;
    this.show();
  }

  // update follows the state drawn: seated tells whether the viewer
  // plays a seat; log is the match's log made whole.
  update(st: api.StateMsg, seated: boolean, log: api.Entry[]): void {
    const mine = seated && st.status === "running" && st.your_turn;
    // A new turn of the viewer's, not the page's first look at it, nor
    // the viewer's own move going on (a move of several steps, a roll's
    // dice): something else came first, another seat's move or the
    // match's start.
    const fresh = log.slice(this.seen).filter((e) => e.seat);
    const became = mine && !this.mine && this.drawn && !(fresh.length && fresh.every((e) => e.seat === st.seat));
    this.mine = mine;
    this.drawn = true;
    this.seen = log.length;
    this.show();
    if (became) this.alert(st, log);
    this.drawControls(seated && st.status !== "over");
  }

  // stop gives the page its own title and icon back.
  stop(): void {
    this.mine = false;
    this.show();
    this.audio?.close();
  }

  private show(): void {
    document.title = (this.mine ? "▶ Your turn · " : "") + `${this.base} · Commons`;
    if (this.icon) this.icon.setAttribute("href", this.mine ? turnIcon : this.plainIcon);
  }

  private alert(st: api.StateMsg, log: api.Entry[]): void {
    if (localStorage.getItem(soundKey) === "on") this.beep();
    if (!document.hidden || !notifications() || Notification.permission !== "granted" || localStorage.getItem(notifyKey) === "off") return;
    const last = [...log].reverse().find((e) => e.seat && e.seat !== st.seat);
    const who = last ? api.seatName(st.seats, last.seat!) : "";
    try {
      const n = new Notification(`Your turn · ${this.base}`, {
        body: who ? `${who} has moved: it is your move.` : "It is your move.",
        // One notice per match: a newer one replaces it.
        tag: `commons-turn-${this.id}`, icon: turnIcon,
      });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    } catch {
      // Some browsers (Android's Chrome) make notifications only from a
      // service worker: the title and the icon still tell.
    }
  }

  // beep plays two short tones (WebAudio: no sound file to load).
  private beep(): void {
    const ctx = this.audioContext();
    if (!ctx) return;
    const t = ctx.currentTime;
    for (const [i, f] of [660, 880].entries()) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = f;
      const at = t + i * 0.16;
      g.gain.setValueAtTime(0.0001, at);
      g.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      o.connect(g).connect(ctx.destination);
      o.start(at);
      o.stop(at + 0.15);
    }
  }

  // audioContext is made on a click (the sound's switch): browsers let a
  // page play sound only after the person has acted on it.
  private audioContext(): AudioContext | null {
    if (!this.audio && typeof AudioContext !== "undefined") this.audio = new AudioContext();
    if (this.audio?.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  private drawControls(on: boolean): void {
    const perm = notifications() ? Notification.permission : "none";
    const key = on ? `${perm} ${localStorage.getItem(soundKey)} ${localStorage.getItem(notifyKey)}` : "";
    if (key === this.controls) return;
    this.controls = key;
    this.el.hidden = !on;
    if (!on) return;
    const sound = h("input", {
      type: "checkbox", "data-turn-sound": "", checked: localStorage.getItem(soundKey) === "on",
      onchange: () => {
        localStorage.setItem(soundKey, sound.checked ? "on" : "off");
        if (sound.checked) this.beep(); // the sound it makes, and leave to play it
        this.drawControls(true);
      },
    });
    let notify: Node | null = null;
    if (perm === "default") {
      notify = h("button", {
        class: "small", "data-turn-notify": "",
        onclick: async () => {
          await Notification.requestPermission();
          localStorage.removeItem(notifyKey);
          this.drawControls(true);
        },
      }, "Notify me when it is my turn");
    } else if (perm === "granted") {
      const off = localStorage.getItem(notifyKey) === "off";
      notify = h("span", { class: "note", "data-turn-notify-on": String(!off) }, off ? "Notifications are off. " : "Notifications on while this tab is hidden. ",
        h("button", { class: "small quiet", "data-turn-notify-toggle": "", onclick: () => { localStorage.setItem(notifyKey, off ? "on" : "off"); this.drawControls(true); } }, off ? "Turn on" : "Turn off"));
    } else if (perm === "denied") {
      notify = h("span", { class: "note" }, "Notifications are blocked for this site in the browser's settings.");
    }
    fill(this.el, h("label", { class: "turn-sound" }, sound, "Sound on my turn"), notify);
  }
}

// notifications reports whether the browser has the Notification API.
function notifications(): boolean {
  return typeof Notification !== "undefined";
}
