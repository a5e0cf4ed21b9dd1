package main

import (
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
)

// TestAdminChat lists a room and takes a message down on a running
// server, with the operator's token from the environment, and refuses
// what is wrong.
func TestAdminChat(t *testing.T) {
	t.Setenv("COMMONS_OPERATOR_TOKEN", "op token")
	addr := startServe(t, filepath.Join(t.TempDir(), "admin.db"))
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	post := func(path, body string, want int) {
		t.Helper()
		resp, err := c.Post(addr+path, "application/json", strings.NewReader(body))
		if err != nil || resp.StatusCode != want {
			t.Fatalf("POST %s: %v %v", path, resp, err)
		}
		resp.Body.Close()
	}
	post("/api/account/signup", `{"name": "Ada", "password": "a good password"}`, http.StatusCreated)
	post("/api/chat", `{"text": "hello there"}`, http.StatusOK)
	post("/api/chat", `{"text": "something rude"}`, http.StatusOK)

	code, out, errOut := commons(t, "", "admin", "--server", addr, "chat", "list", "lobby")
	if code != 0 || !strings.Contains(out, `   0  `) || !strings.Contains(out, `Ada                      "hello there"`) || !strings.Contains(out, `"something rude"`) {
		t.Fatalf("chat list: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = commons(t, "", "admin", "--server", addr, "chat", "delete", "lobby", "1")
	if code != 0 || !strings.Contains(out, "message 1 of lobby taken down") {
		t.Fatalf("chat delete: exit %d\n%s%s", code, out, errOut)
	}
	_, out, _ = commons(t, "", "admin", "--server", addr, "chat", "list", "lobby")
	if strings.Contains(out, "rude") || !strings.Contains(out, "(taken down)") {
		t.Fatalf("after the delete:\n%s", out)
	}
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"chat", "delete", "lobby", "9"}, 1, "the server says (404): no message 9 in the lobby"},
		{[]string{"chat", "delete", "lobby", "x"}, 2, "want the message's number"},
		{[]string{"chat", "list", "nosuchmatch"}, 1, "no match"},
		{[]string{"chat"}, 2, "want chat list ROOM"},
		{[]string{"users"}, 2, "want chat list ROOM"},
	} {
		code, out, errOut := commons(t, "", append([]string{"admin", "--server", addr}, tc.args...)...)
		if code != tc.code || !strings.Contains(out+errOut, tc.says) {
			t.Errorf("admin %v: exit %d\n%s%s\nwant exit %d saying %q", tc.args, code, out, errOut, tc.code, tc.says)
		}
	}
	t.Setenv("COMMONS_OPERATOR_TOKEN", "not the token")
	if code, out, errOut := commons(t, "", "admin", "--server", addr, "chat", "delete", "lobby", "0"); code != 1 || !strings.Contains(errOut, "not the operator token") {
		t.Errorf("a wrong token: exit %d\n%s%s", code, out, errOut)
	}
	t.Setenv("COMMONS_OPERATOR_TOKEN", "")
	if code, out, errOut := commons(t, "", "admin", "--server", addr, "chat", "delete", "lobby", "0"); code != 1 || !strings.Contains(errOut, "COMMONS_OPERATOR_TOKEN is not set") {
		t.Errorf("no token: exit %d\n%s%s", code, out, errOut)
	}
}
