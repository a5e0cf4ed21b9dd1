package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// runAdmin is commons admin: the operator's work on a running server,
// through its API (docs/api.md, Table talk), with the operator's token
// from COMMONS_OPERATOR_TOKEN.
func runAdmin(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("admin", "admin [--server URL] chat list ROOM | chat delete ROOM N", stderr)
	serverURL := fs.String("server", "http://localhost:8080", "the server's `URL`")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	u, err := url.Parse(*serverURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("--server %q: want the server's address, such as http://localhost:8080", *serverURL)
	}
	base := strings.TrimSuffix(*serverURL, "/")
	if len(pos) < 3 || pos[0] != "chat" || (pos[1] != "list" && pos[1] != "delete") {
		return usagef("want chat list ROOM, or chat delete ROOM N (ROOM: a match's ID, or lobby)")
	}
	room := pos[2]
	path := "/api/matches/" + url.PathEscape(room) + "/chat"
	if room == "lobby" {
		path = "/api/chat"
	}
	client := &http.Client{Timeout: 30 * time.Second}
	switch pos[1] {
	case "list":
		if len(pos) != 3 {
			return usagef("chat list takes one ROOM, not %q", strings.Join(pos[3:], " "))
		}
		var ans struct {
			Messages []struct {
				N       int       `json:"n"`
				Name    string    `json:"name"`
				Account bool      `json:"account"`
				Seat    int       `json:"seat"`
				Version int       `json:"version"`
				Text    string    `json:"text"`
				At      time.Time `json:"at"`
				Deleted bool      `json:"deleted"`
			} `json:"messages"`
		}
		if err := adminCall(client, "GET", base+path, "", &ans); err != nil {
			return err
		}
		for _, m := range ans.Messages {
			who := m.Name
			if !m.Account && !m.Deleted {
				who += " (guest)"
			}
			if m.Seat > 0 {
				who = fmt.Sprintf("seat %d %s", m.Seat, who)
			}
			text := strconv.Quote(m.Text)
			if m.Deleted {
				text, who = "(taken down)", "-"
			}
			fmt.Fprintf(stdout, "%4d  %s  v%-4d %-24s %s\n", m.N, m.At.UTC().Format("2006-01-02 15:04:05"), m.Version, who, text)
		}
		if len(ans.Messages) == 0 {
			fmt.Fprintf(stdout, "no messages in %s\n", room)
		}
		return nil
	default:
		if len(pos) != 4 {
			return usagef("chat delete takes ROOM and the message's number N")
		}
		n, err := strconv.Atoi(pos[3])
		if err != nil || n < 0 {
			return usagef("chat delete %s %q: want the message's number (chat list shows them)", room, pos[3])
		}
		token := os.Getenv("COMMONS_OPERATOR_TOKEN")
		if token == "" {
			return fmt.Errorf("COMMONS_OPERATOR_TOKEN is not set: give it the operator token the server was started with")
		}
		if err := adminCall(client, "DELETE", base+path+"/"+strconv.Itoa(n), token, nil); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "message %d of %s taken down\n", n, room)
		return nil
	}
}

// adminCall makes one API request and reads its JSON answer into out;
// an error answer becomes an error saying the server's words.
func adminCall(c *http.Client, method, url, token string, out any) error {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var e struct{ Error string }
		if json.Unmarshal(body, &e) == nil && e.Error != "" {
			return fmt.Errorf("the server says (%d): %s", resp.StatusCode, e.Error)
		}
		return fmt.Errorf("the server answered %s", resp.Status)
	}
	if out != nil {
		return json.Unmarshal(body, out)
	}
	return nil
}
