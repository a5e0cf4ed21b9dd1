// The account page's "Notices and play" (docs/api.md, Notices): the
// e-mail address (a new one is mailed a link that confirms it), "mail me
// when it is my turn" in a turn-based match (only where the server sends
// mail), and "play my forced moves for me". Each change is saved at once
// (PUT /api/account/prefs). After the confirmation link the server sends
// the browser to /account?email=confirmed, which says so.

import * as api from "./api";
import { h, fill } from "./dom";
import { mark } from "./nav";

export function noticesSection(): HTMLElement {
  const box = h("div", { class: "notices", "data-notices": "" }, h("h3", {}, "Notices and play"), h("p", { class: "note" }, "Loading…"));
  const confirmed = new URLSearchParams(location.search).get("email") === "confirmed";
  api.prefs().then((p) => draw(box, p, confirmed), (e: Error) => {
    fill(box, h("h3", {}, "Notices and play"), h("p", { class: "banner error", role: "alert" }, e.message));
  });
  return box;
}

function draw(box: HTMLElement, p: api.Prefs, confirmed: boolean): void {
  const status = h("p", { class: "banner", role: "status", hidden: true, "data-prefs-message": "" });
  const say = (text: string, isError = false) => {
    status.textContent = text;
    status.className = "banner " + (isError ? "error" : "info");
    status.hidden = false;
  };
  const email = h("input", { type: "email", id: "prefs-email", value: p.email, maxlength: 254, placeholder: "you@example.org", autocomplete: "email", disabled: !p.mail, "aria-describedby": "prefs-email-state" });
  const save = h("button", { type: "submit", "data-prefs-save-email": "", disabled: !p.mail }, "Save the address");
  const state = h("p", { class: "note", id: "prefs-email-state", "data-email-state": "" });
  const notify = h("input", { type: "checkbox", id: "prefs-notify", "data-prefs-notify": "", checked: p.notify_turns, disabled: !p.mail });
  const forced = h("input", { type: "checkbox", id: "prefs-forced", "data-prefs-forced": "", checked: p.forced_moves });
  const notifyNote = h("p", { class: "note", "data-notify-note": "" });

  const show = (q: api.Prefs) => {
    p = q;
    // (On <body>: names no element of the page uses, which a selector
    // such as [data-prefs-forced] would find too.)
    mark({ prefsLoaded: true, prefsMailConfirmed: q.email_confirmed, prefsTurnMails: q.notify_turns, prefsForcedOn: q.forced_moves });
    if (!q.mail) {
      state.textContent = "This server sends no mail: it was started without a mail server.";
      state.dataset.emailState = "no-mail";
    } else if (!q.email) {
      state.textContent = "No address yet: give one to be mailed when it is your turn.";
      state.dataset.emailState = "none";
    } else if (q.email_confirmed) {
      state.replaceChildren(h("strong", { class: "ok" }, "Confirmed."), ` Mail goes to ${q.email}.`);
      state.dataset.emailState = "confirmed";
    } else {
      state.replaceChildren(h("strong", {}, "Confirmation sent."), ` Open the link in the mail sent to ${q.email} to confirm it: nothing else is sent to it until then.`);
      state.dataset.emailState = "sent";
    }
    notify.checked = q.notify_turns;
    forced.checked = q.forced_moves;
    notifyNote.textContent = !q.mail
      ? "Not on this server: it sends no mail."
      : q.notify_turns && !q.email_confirmed
        ? "Mails go only to a confirmed address."
        : "One mail per turn, with a link straight to the match, and one to stop them.";
  };

  const put = async (change: Parameters<typeof api.putPrefs>[0], done: string) => {
    try {
      show(await api.putPrefs(change));
      say(done);
    } catch (e) {
      say((e as Error).message, true);
      // What the server holds, again.
      show(p);
    }
  };

  const form = h("form", { class: "prefs-email" }, h("label", { for: "prefs-email" }, "E-mail address "), email, save);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const addr = email.value.trim();
    save.disabled = true;
    await put({ email: addr }, addr ? (addr === p.email && p.email_confirmed ? "Saved." : `Saved: a mail is on its way to ${addr} with a link that confirms it.`) : "The address is removed: no more mail.");
    save.disabled = !p.mail;
  });
  notify.addEventListener("change", () => put({ notify_turns: notify.checked }, notify.checked ? "You will be mailed when it is your turn." : "No more turn mails."));
  forced.addEventListener("change", () => put({ forced_moves: forced.checked }, forced.checked ? "Your forced moves are played for you." : "You play your forced moves yourself."));

  fill(box,
    h("h3", {}, "Notices and play"),
    confirmed ? h("p", { class: "banner info", role: "status", "data-email-confirmed": "" }, "Address confirmed: turn mails can go to it now.") : null,
    status,
    form, state,
    h("label", { class: "check" }, notify, "Mail me when it is my turn in a turn-based match"),
    notifyNote,
    h("label", { class: "check" }, forced, "Play my forced moves for me"),
    h("p", { class: "note" }, "A move that is your only legal one is played at once, and the log says so; off, the match waits for your click."));
  show(p);
}
