package e2e

import (
	"strings"
	"testing"
	"time"
)

// boardHint returns the text of the board's hint when it shows, "" when
// it does not.
func boardHint(p *session) string {
	var h string
	p.eval(`(() => { const h = document.querySelector(".board-hint"); return h && !h.hidden ? h.textContent : ""; })()`, &h)
	return h
}

// TestBoardHintsOnLongPress: on a phone, a long press on a point of the
// board shows what the point is (its colour, its state, what may be done
// there) and plays nothing: the click that ends the press is the hint's;
// a tap still plays. In Source, 3io and Breaking Head alike (every board
// whose cells are a KeyGrid's).
func TestBoardHintsOnLongPress(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "thumb", 390, 844, true)
	for _, g := range []struct{ game, cell, says string }{
		{"source", `.source-board .hit[data-point="a9"]`, "a9: red"},
		{"3io", `svg [data-sector="c3"]`, "c3: empty"},
		{"breaking-head", `svg .hit[data-at="0,0"]`, "0,0: "},
	} {
		p.open(a.url + "/")
		p.waitJS(`document.querySelector("#game option[value='source']")`, 10*time.Second)
		p.selectValue("#game", g.game)
		p.selectValue("#seat-1", "you")
		p.click("#create")
		p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.yourTurn === "true"`, 15*time.Second)
		v := p.data()["version"]
		press := `(() => { const el = document.querySelector(` + js(g.cell) + `); const r = el.getBoundingClientRect();
			const at = { bubbles: true, pointerType: "touch", clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
			el.dispatchEvent(new PointerEvent("pointerdown", at)); return true; })()`
		var ok bool
		p.eval(press, &ok)
		p.waitJS(`(() => { const h = document.querySelector(".board-hint"); return h && !h.hidden; })()`, 5*time.Second)
		if h := boardHint(p); !strings.HasPrefix(h, g.says) {
			t.Errorf("%s: the long press's hint reads %q, want it to start %q", g.game, h, g.says)
		}
		p.eval(`(() => { const el = document.querySelector(`+js(g.cell)+`);
			el.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerType: "touch" }));
			el.dispatchEvent(new MouseEvent("click", { bubbles: true })); return true; })()`, &ok)
		time.Sleep(300 * time.Millisecond)
		if d := p.data(); d["version"] != v || d["pending"] != "" || d["message"] == "error" {
			t.Errorf("%s: the long press played or tried a move: version %s (was %s), pending %q, message %q", g.game, d["version"], v, d["pending"], d["message"])
		}
		p.viewShot("hint-" + g.game + ".png")
	}
}
