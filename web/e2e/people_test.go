package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
)

// Helpers of the tests of accounts, table talk and ratings: signing up
// and in through the pages, a passkey device, saying something at a
// table and seeing it said, making a move of Source.

// js is s as a JavaScript string literal.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// fetchJSON has s's page fetch path (with its cookies) and decodes the
// JSON answer into out.
func fetchJSON(s *session, path string, out any) {
	s.t.Helper()
	raw := value(s, 10*time.Second, chromedp.Evaluate[[]byte](fmt.Sprintf(`fetch(%s).then((r) => r.json())`, js(path)), chromedp.EvalAwaitPromise))
	if err := json.Unmarshal(raw, out); err != nil {
		s.t.Fatalf("%s: %s: %v (%s)", s.name, path, err, raw)
	}
}

// passkeyDevice gives s's tab a passkey device: a virtual authenticator
// (the DevTools WebAuthn domain) that keeps discoverable keys, verifies
// its user, and says yes at once, as a phone's or a laptop's own
// authenticator does after a touch.
func passkeyDevice(s *session) {
	s.t.Helper()
	s.run(10*time.Second, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return fmt.Errorf("WebAuthn.enable: %w", err)
		}
		_, err := chromedp.Call(ctx, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{Options: &webauthn.VirtualAuthenticatorOptions{
			Protocol: webauthn.AuthenticatorProtocolCtap2, Transport: webauthn.AuthenticatorTransportInternal,
			HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true,
		}})
		if err != nil {
			return fmt.Errorf("WebAuthn.addVirtualAuthenticator: %w", err)
		}
		return nil
	}))
}

// waitSignedIn waits until the header says s is signed in as name.
func waitSignedIn(s *session, name string) {
	s.t.Helper()
	s.waitJS(fmt.Sprintf(`document.querySelector("[data-me]")?.dataset.me === %s`, js(name)), 15*time.Second)
}

// waitSignedOut waits until the header offers to sign in.
func waitSignedOut(s *session) {
	s.t.Helper()
	s.waitJS(`document.getElementById("account-area").dataset.signedIn === "false" && document.querySelector("[data-signin-link]")`, 15*time.Second)
}

// signUp makes an account on the sign-up page at base, with a password,
// and waits until the header shows it.
func signUp(s *session, base, name, password string) {
	s.t.Helper()
	s.open(base + "/signup")
	fillAuth(s, name, password)
	waitSignedIn(s, name)
}

// fillAuth types a name and a password on the sign-in or sign-up page
// shown, and submits them.
func fillAuth(s *session, name, password string) {
	s.t.Helper()
	s.waitJS(`document.querySelector("#auth-name")`, 10*time.Second)
	s.typeIn("#auth-name", name)
	s.typeIn("#auth-password", password)
	s.click("#auth-submit")
}

// chatTexts are the texts of the messages s's chat panel shows (sel:
// the panel, such as [data-chat]).
const chatTexts = `[...document.querySelectorAll("[data-chat] [data-chat-list] li .chat-text")].map((e) => e.textContent)`

// waitSaid waits until s's chat shows a message whose text is text.
func waitSaid(s *session, text string) {
	s.t.Helper()
	s.waitJS(fmt.Sprintf(`%s.includes(%s)`, chatTexts, js(text)), 15*time.Second)
}

// say types text into s's chat, sends it, waits until its own chat shows
// it, and returns the match's version it was said at.
func say(s *session, text string) int {
	s.t.Helper()
	s.typeIn("[data-chat-input]", text)
	s.click("[data-chat-send]")
	return saidAt(s, text)
}

// saidAt waits for the message text in s's chat and returns its version.
func saidAt(s *session, text string) int {
	s.t.Helper()
	waitSaid(s, text)
	var v int
	s.eval(fmt.Sprintf(`Number([...document.querySelectorAll("[data-chat-list] li")].find((li) => li.querySelector(".chat-text").textContent === %s).dataset.chatVersion)`, js(text)), &v)
	return v
}

// sourcePick is the selector of a move to make on a Source board whose
// turn it is: the first highlighted point (a place when there is one),
// or End turn; "" when none is on offer.
const sourcePick = `(() => {
	const q = (s) => document.querySelector(s);
	const el = q('.source-board .hit[data-kind="place"]') || q('.source-board .hit.legal');
	if (el) return '.source-board .hit[data-point="' + el.dataset.point + '"]';
	return q('[data-move="end"]') ? '[data-move="end"]' : "";
})()`

// sourceMoves makes n moves of Source, each by the session among players
// whose turn it is.
func sourceMoves(t *testing.T, n int, players ...*session) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for made := 0; made < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d moves of Source took too long (%d made)", n, made)
		}
		var s *session
		var d map[string]string
		for _, p := range players {
			if pd := p.data(); pd["yourTurn"] == "true" && pd["pending"] == "" && pd["status"] == "running" {
				s, d = p, pd
				break
			}
		}
		if s == nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		var sel string
		s.eval(sourcePick, &sel)
		if sel == "" {
			t.Fatalf("%s: it is my turn but nothing is highlighted", s.name)
		}
		s.click(sel)
		var choose bool
		s.eval(`!!document.querySelector(".chooser-pop:not([hidden]) [data-move]")`, &choose)
		if choose {
			s.click(".chooser-pop:not([hidden]) [data-move]")
		}
		s.versionAfter(d["version"], 10*time.Second)
		made++
	}
}

// endRating is what the end screen says of a seat's rating.
type endRating struct {
	Before, After int
}

// endRatings waits for the end screen's ratings of n seats on s, and
// returns them by seat.
func endRatings(s *session, n int) map[int]endRating {
	s.t.Helper()
	s.waitJS(fmt.Sprintf(`document.querySelectorAll("[data-end]:not([hidden]) [data-end-ratings]:not([hidden]) tr[data-rating-seat]").length === %d`, n), 20*time.Second)
	var rows [][3]int
	s.eval(`[...document.querySelectorAll("[data-end-ratings] tr[data-rating-seat]")].map((r) => [Number(r.dataset.ratingSeat), Number(r.dataset.before), Number(r.dataset.after)])`, &rows)
	out := map[int]endRating{}
	for _, r := range rows {
		out[r[0]] = endRating{r[1], r[2]}
	}
	return out
}
