// The account's own page (/account): its name and how it signs in, Add a
// passkey, Sign out and Sign out everywhere, notices and play (prefs.ts:
// the e-mail address, turn mails, forced moves), and the accounts it
// muted (with Unmute, and a name to mute).

import * as api from "./api";
import { onAccount, setAccount, signInLink, signOut, whoami } from "./account";
import { h, fill, plural } from "./dom";
import { mark } from "./nav";
import { makePasskey, passkeyError, passkeysWork } from "./signin";
import { noticesSection } from "./prefs";

export function accountView(app: HTMLElement): () => void {
  mark({ view: "account" });
  document.title = "Your account · Commons";
  const box = h("section", { class: "card account-page" }, h("p", { class: "note" }, "Loading…"));
  app.append(box);
  const msg = h("p", { class: "banner", hidden: true, role: "status", "data-account-message": "" });
  const say = (text: string, isError = false) => {
    msg.textContent = text;
    msg.className = "banner " + (isError ? "error" : "info");
    msg.hidden = false;
  };

  let stopped = false;
  // The notices are read once, however often the page is drawn.
  let notices: HTMLElement | null = null;
  const draw = (a: api.Account | null) => {
    if (!a) {
      fill(box, h("h2", {}, "Your account"), h("p", { "data-signed-out": "" }, "You are not signed in. ", signInLink("Sign in"), " or ", signInLink("sign up", true), "."));
      return;
    }
    const addKey = h("button", {
      "data-add-passkey": "", onclick: async () => {
        if (!passkeysWork()) return say("This browser cannot use passkeys here.", true);
        addKey.disabled = true;
        try {
          const ans = await makePasskey();
          setAccount(ans.account);
          say(`Passkey added: this account has ${plural(ans.account.passkeys, "passkey")}.`);
        } catch (e) {
          say(passkeyError(e), true);
        } finally {
          addKey.disabled = false;
        }
      },
    }, "Add a passkey");
    let everywhereAsked = false;
    const everywhere: HTMLButtonElement = h("button", {
      "data-signout-everywhere": "", onclick: async () => {
        if (!everywhereAsked) {
          everywhereAsked = true;
          everywhere.textContent = "Yes, sign out on every device";
          everywhere.classList.add("primary");
          return;
        }
        try {
          await signOut(true, "/");
        } catch (e) {
          say((e as Error).message, true);
        }
      },
    }, "Sign out everywhere");
    const muteName = h("input", { id: "mute-name", maxlength: 40, placeholder: "an account's name", "aria-label": "name to mute" });
    const muteForm = h("form", { class: "mute-form" }, muteName, h("button", { type: "submit" }, "Mute"));
    muteForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (muteName.value.trim()) setMute(muteName.value.trim(), true);
    });
    fill(box,
      h("h2", {}, "Your account"),
      msg,
      h("p", {}, "Signed in as ", h("a", { href: api.profilePath(a.name), "data-link": "", "data-account-name": a.name }, a.name),
        h("span", { class: "note" }, ` · since ${new Date(a.created).toLocaleDateString()}`)),
      h("p", { "data-sign-in-ways": "" }, `Signs in with ${[a.password ? "a password" : "", a.passkeys ? plural(a.passkeys, "passkey") : ""].filter(Boolean).join(" and ") || "nothing"}.`),
      h("div", { class: "buttons" }, addKey,
        h("button", { "data-signout-here": "", onclick: () => signOut(false, "/").catch((e: Error) => say(e.message, true)) }, "Sign out"),
        everywhere),
      h("p", { class: "note" }, "Sign out everywhere ends the sessions of every browser signed in to this account, this one's too."),
      (notices ||= noticesSection()),
      h("h3", {}, "Muted"),
      h("p", { class: "note" }, "You do not see what these accounts say, at any table or in the lobby."),
      a.muted.length
        ? h("ul", { class: "muted-list", "data-muted-list": "" }, ...a.muted.map((n) => h("li", { "data-muted": n },
          h("a", { href: api.profilePath(n), "data-link": "" }, n), " ",
          h("button", { class: "small", "data-unmute": n, onclick: () => setMute(n, false) }, "Unmute"))))
        : h("p", { class: "note", "data-muted-list": "" }, "Nobody."),
      muteForm);
  };

  async function setMute(name: string, on: boolean): Promise<void> {
    try {
      setAccount(await api.mute(name, on));
      say(on ? `${name} is muted.` : `You hear ${name} again.`);
    } catch (e) {
      say((e as Error).message, true);
    }
  }

  const stop = onAccount((a) => {
    if (!stopped) draw(a);
  });
  whoami().then((a) => {
    if (!stopped) draw(a);
  });
  return () => {
    stopped = true;
    stop();
  };
}
