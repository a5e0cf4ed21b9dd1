package e2e

import (
	"maps"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// lobbyChoices reads the new-match form's choices.
const lobbyChoices = `(() => {
	const v = (s) => document.querySelector(s)?.value ?? null;
	const out = {name: v("#name"), game: v("#game"), players: v("#players"), timer: v("#timer")};
	document.querySelectorAll("select[data-option]").forEach((s) => (out["opt " + s.dataset.option] = s.value));
	document.querySelectorAll("select[data-seat-choice]").forEach((s) => (out["seat " + s.dataset.seatChoice] = s.value));
	document.querySelectorAll("input[data-seat-spec]").forEach((s) => (out["spec " + s.dataset.seatSpec] = s.hidden ? "(hidden)" : s.value));
	return out;
})()`

// TestLobbyKeepsChoicesAfterRules: the name typed and the new-match
// form's choices (the game, the players, an option, who plays where, a
// bot spec, the timer) are all there again after "How to play" and
// Back, whether Back is the rules page's button or the browser's, and
// after a reload.
func TestLobbyKeepsChoicesAfterRules(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "zoe", 390, 844, true)
	p.open(a.url + "/")
	formReady := `document.body.dataset.view === "lobby" && document.querySelector("#seat-1")`
	p.waitJS(formReady, 10*time.Second)
	p.typeIn("#name", "Zoë")
	p.selectValue("#game", "breaking-head")
	p.selectValue("#players", "6")
	var opt, last string
	p.eval(`document.querySelector("select[data-option]").dataset.option`, &opt)
	p.eval(`[...document.querySelector("select[data-option]").options].pop().value`, &last)
	p.selectValue("#opt-"+opt, last)
	p.selectValue("#seat-2", "open")
	p.selectValue("#seat-3", "custom")
	p.typeIn("#seat-3-spec", "mcts:time=2s")
	p.selectValue("#seat-5", "random")
	p.selectValue("#timer", "5m")
	var want map[string]string
	p.eval(lobbyChoices, &want)
	if want["name"] != "Zoë" || want["players"] != "6" || want["seat 3"] != "custom" || want["spec 3"] != "mcts:time=2s" || want["opt "+opt] != last {
		t.Fatalf("the form reads %v after the choices", want)
	}
	same := func(when string) {
		t.Helper()
		p.waitJS(formReady+` && document.querySelector("#game").value === "breaking-head"`, 10*time.Second)
		var got map[string]string
		p.eval(lobbyChoices, &got)
		if !maps.Equal(got, want) {
			t.Errorf("%s the form reads\n%v\nwant\n%v", when, got, want)
		}
	}

	// The form's own How to play, and the rules page's Back.
	p.click("[data-form-rules]")
	p.waitJS(`document.body.dataset.view === "learn" && document.body.dataset.rulebook === "breaking-head"`, 10*time.Second)
	p.click("[data-back]")
	same("after How to play and the page's Back,")

	// A game card's How to play, and the browser's Back.
	p.click(`[data-card="games"] [data-rules-link="source"]`)
	p.waitJS(`document.body.dataset.view === "learn" && document.body.dataset.rulebook === "source"`, 10*time.Second)
	p.run(10*time.Second, chromedp.NavigateBack())
	same("after How to play and the browser's Back,")

	p.run(20*time.Second, chromedp.Reload())
	same("after a reload,")
	p.screenshot("lobby-kept.png", "")
}
