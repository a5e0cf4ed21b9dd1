// Who is signed in, for every view: the account (GET /api/account), read
// once when the app starts and again after a sign-in or sign-out, and
// the header's account area that shows it. The session itself is an
// HttpOnly cookie the page never reads.

import * as api from "./api";
import { h, fill } from "./dom";
import { navigate } from "./nav";

let current: api.Account | null = null;
// known: the server has answered (until then the header shows nothing,
// rather than a Sign in that may be wrong).
let known = false;
let asked: Promise<api.Account | null> | null = null;
const listeners = new Set<(a: api.Account | null) => void>();

// whoami is the account signed in, null when signed out (or when the
// server cannot say: a page works signed out).
export function whoami(): Promise<api.Account | null> {
  if (!asked) {
    asked = api.account().then((a) => {
      set(a);
      return a;
    }, () => {
      set(null);
      return null;
    });
  }
  return asked;
}

// signedIn is the account as last known (null before whoami answers).
export function signedIn(): api.Account | null {
  return current;
}

// setAccount records a new answer (a sign-in's account, a mute's), and
// tells every view that listens.
export function setAccount(a: api.Account | null): void {
  asked = Promise.resolve(a);
  set(a);
}

function set(a: api.Account | null): void {
  current = a;
  known = true;
  for (const fn of listeners) fn(a);
}

// onAccount calls fn with every change of the account; it returns the
// function that stops it.
export function onAccount(fn: (a: api.Account | null) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// isMuted reports whether the account signed in muted name (names are
// one ignoring case).
export function isMuted(name: string | undefined): boolean {
  if (!name || !current) return false;
  const k = name.toLowerCase();
  return current.muted.some((m) => m.toLowerCase() === k);
}

// here is the path of the page shown, for a sign-in to come back to.
export function here(): string {
  return location.pathname + location.search;
}

// nextPath is the page a sign-in page goes to after: its ?next=, if it
// is a path of this site, else the lobby.
export function nextPath(): string {
  const next = new URLSearchParams(location.search).get("next") || "/";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

// signInLink is a link to the sign-in (or sign-up) page that comes back
// to this one.
export function signInLink(text: string, signUp = false, attrs: Record<string, unknown> = {}): HTMLAnchorElement {
  const path = signUp ? "/signup" : "/signin";
  const back = here();
  const href = back === "/" || back.startsWith("/signin") || back.startsWith("/signup") ? path : `${path}?next=${encodeURIComponent(back)}`;
  return h("a", { href, "data-link": "", ...attrs }, text);
}

// signOut ends the session (every session of the account, everywhere),
// and draws the page again as signed out, or goes to then: a page's
// WebSocket played the account's seat with the cookie.
export async function signOut(everywhere = false, then = ""): Promise<void> {
  if (everywhere) await api.signOutEverywhere();
  else await api.signOut();
  const to = then || here();
  setAccount(null);
  navigate(to, true);
}

// redrawArea draws the header's account area again (its Sign in links
// come back to the page shown): set by accountArea.
let redrawArea = () => {};

// accountRoute draws what of the header depends on the page shown.
export function accountRoute(): void {
  redrawArea();
}

// accountArea draws the header's account area into el, now and at each
// change: Sign in and Sign up, or the name (the profile) and Sign out.
export function accountArea(el: HTMLElement): void {
  const draw = (a: api.Account | null) => {
    if (!known) {
      fill(el);
      el.dataset.signedIn = "unknown";
      return;
    }
    if (!a) {
      fill(el, h("a", { href: "/leaderboard", "data-link": "", class: "top-link" }, "Leaderboards"),
        signInLink("Sign in", false, { class: "top-link", "data-signin-link": "" }),
        signInLink("Sign up", true, { class: "top-link strong", "data-signup-link": "" }));
      el.dataset.signedIn = "false";
      return;
    }
    const out = h("button", {
      class: "top-button", "data-signout": "", onclick: () => signOut().catch((e: Error) => {
        out.title = e.message;
        out.textContent = "Sign out (failed: try again)";
      }),
    }, "Sign out");
    fill(el, h("a", { href: "/leaderboard", "data-link": "", class: "top-link" }, "Leaderboards"),
      h("a", { href: api.profilePath(a.name), "data-link": "", class: "top-link me", "data-me": a.name, title: "your profile" }, a.name),
      h("a", { href: "/account", "data-link": "", class: "top-link", "data-account-link": "" }, "Account"),
      out);
    el.dataset.signedIn = "true";
  };
  redrawArea = () => draw(current);
  onAccount(draw);
  whoami();
}
