// The sign-in and sign-up pages: a name and a password, or a passkey.
// Either way the guest seats this browser holds (their tokens in
// localStorage) go with the request, and become the account's; then the
// page goes back where the person came from (?next=).

import * as api from "./api";
import { nextPath, setAccount, signInLink, whoami } from "./account";
import { h } from "./dom";
import { mark, navigate } from "./nav";

// passkeysWork reports whether this browser can make and use passkeys
// with the server's JSON options (WebAuthn Level 3's JSON methods).
export function passkeysWork(): boolean {
  return typeof PublicKeyCredential !== "undefined" && typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function" &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function";
}

// passkeyError says why a passkey ceremony failed, in words: the
// browser's own errors name a DOMException, the server's its reason.
export function passkeyError(e: unknown): string {
  if (e instanceof api.ApiError) return e.message;
  const name = (e as { name?: string })?.name;
  if (name === "NotAllowedError") return "No passkey was used: the request was cancelled or timed out.";
  if (name === "InvalidStateError") return "This device has a passkey for this account already.";
  if (name === "SecurityError") return "This browser refuses passkeys for this address (a passkey needs https, or localhost).";
  return `The passkey did not work: ${(e as Error)?.message || String(e)}`;
}

// makePasskey runs a registration: begin (for a new account named name,
// or, signed in, for the account), the browser makes the key, finish.
export async function makePasskey(name?: string): Promise<api.SignedIn> {
  const begin = await api.passkeyRegisterBegin(name);
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(begin.options.publicKey);
  const cred = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!cred) throw new Error("the browser made no passkey");
  return api.passkeyRegisterFinish(begin.ceremony, cred.toJSON(), api.guestSeats());
}

// usePasskey signs in with one of the passkeys the browser has for this
// site (discoverable: no name is asked).
async function usePasskey(): Promise<api.SignedIn> {
  const begin = await api.passkeySignInBegin();
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(begin.options.publicKey);
  const cred = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!cred) throw new Error("the browser gave no passkey");
  return api.passkeySignInFinish(begin.ceremony, cred.toJSON(), api.guestSeats());
}

// signInView is the page of /signin (signUp false) or /signup.
export function signInView(app: HTMLElement, signUp: boolean): () => void {
  mark({ view: signUp ? "signup" : "signin" });
  document.title = (signUp ? "Sign up" : "Sign in") + " · Commons";
  const err = h("p", { class: "banner error", hidden: true, role: "alert", "data-auth-error": "" });
  const name = h("input", { id: "auth-name", name: "username", maxlength: 40, required: true, autocomplete: "username", autocapitalize: "none", spellcheck: "false" });
  const password = h("input", {
    id: "auth-password", name: "password", type: "password", minlength: 8, maxlength: 1024, required: true,
    autocomplete: signUp ? "new-password" : "current-password",
  });
  const submit = h("button", { type: "submit", class: "primary", id: "auth-submit" }, signUp ? "Sign up" : "Sign in");
  const passkey = h("button", { type: "button", id: "auth-passkey", "data-passkey": "" }, "Use a passkey");
  const busy = (on: boolean) => {
    submit.disabled = on;
    passkey.disabled = on;
  };
  const fail = (msg: string) => {
    err.textContent = msg;
    err.hidden = false;
    mark({ authError: true });
  };
  const done = (ans: api.SignedIn) => {
    setAccount(ans.account);
    navigate(nextPath(), true);
  };

  const form = h("form", { class: "auth-form" },
    h("label", { for: "auth-name" }, "Name"), name,
    h("label", { for: "auth-password" }, "Password"), password,
    signUp ? h("p", { class: "note" }, "A name of up to 40 characters, unique (in any case), and a password of at least 8 characters. Your name is public: it is your profile's address.") : null,
    h("div", { class: "auth-buttons" }, submit));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    busy(true);
    try {
      done(await (signUp ? api.signUp : api.signIn)(name.value, password.value, api.guestSeats()));
    } catch (e) {
      fail((e as Error).message);
    } finally {
      busy(false);
    }
  });
  passkey.addEventListener("click", async () => {
    err.hidden = true;
    if (!passkeysWork()) return fail("This browser cannot use passkeys here: use a password.");
    if (signUp && !name.value.trim()) {
      name.focus();
      return fail("Type the name of your new account first: the passkey is made for it.");
    }
    busy(true);
    try {
      done(signUp ? await makePasskey(name.value) : await usePasskey());
    } catch (e) {
      fail(passkeyError(e));
    } finally {
      busy(false);
    }
  });

  const other = signUp
    ? h("p", {}, "Have an account? ", signInLink("Sign in"))
    : h("p", {}, "No account? ", signInLink("Sign up", true), " (playing needs none: an account keeps your name, your seats on any device, your history and ratings).");
  // Keep ?next= when going from one page to the other.
  const a = other.querySelector("a")!;
  a.href = a.pathname + location.search;

  app.append(h("section", { class: "card auth" },
    h("h2", {}, signUp ? "Sign up" : "Sign in"),
    err, form,
    h("div", { class: "auth-or" }, h("span", {}, "or")),
    h("p", { class: "note" }, signUp ? "Make the account with a passkey instead (your device keeps the key; no password):" : "Sign in with a passkey this device keeps:"),
    passkey,
    other));
  name.focus();

  let stopped = false;
  // Signed in already: say so (the header has Sign out).
  whoami().then((acc) => {
    if (stopped || !acc) return;
    app.querySelector(".auth h2")?.after(h("p", { class: "banner info", "data-signed-in-as": acc.name }, `You are signed in as ${acc.name}. Sign out first to use another account.`));
  });
  return () => {
    stopped = true;
  };
}
