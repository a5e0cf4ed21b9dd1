package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEngineCommand(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		in    string
		want  []string // substrings of the answer lines, in order
		usage string   // a usage error containing this
	}{
		{name: "a game", in: `{"id":1,"op":"new","game":"3io","players":3,"seed":4}` + "\n" + `{"id":2,"op":"chance","state":1}`,
			want: []string{`{"id":1,"state":1,"game":"3io","players":3`, `{"id":2,"actions":[`}},
		{name: "bad lines go on", in: "{\n" + `{"id":2,"op":"games"}`,
			want: []string{`"error":"malformed request`, `{"id":2,"games":[`}},
		{name: "max line", args: []string{"--max-line", "20"}, in: `{"id":1,"op":"games","game":"source"}` + "\n" + `{"op":"games"}`,
			want: []string{"request line too long: over 20 bytes", `"games":[`}},
		{name: "max states", args: []string{"--max-states", "1"}, in: `{"op":"new","game":"source"}` + "\n" + `{"op":"clone","state":1}`,
			want: []string{`"state":1`, "too many states"}},
		{name: "argument", args: []string{"source"}, usage: `unexpected argument "source"`},
		{name: "bad max line", args: []string{"--max-line", "0"}, usage: "--max-line 0"},
		{name: "bad max states", args: []string{"--max-states", "-1"}, usage: "--max-states -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := runEngine(tt.args, strings.NewReader(tt.in), &out, &errOut)
			if tt.usage != "" {
				var ue *usageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.usage) {
					t.Fatalf("error %v, want a usage error containing %q", err, tt.usage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("%d answers, want %d:\n%s", len(lines), len(tt.want), out.String())
			}
			for i, w := range tt.want {
				if !strings.Contains(lines[i], w) {
					t.Errorf("answer %d: %s\nwant it to contain %s", i, lines[i], w)
				}
				if !json.Valid([]byte(lines[i])) {
					t.Errorf("answer %d is not JSON: %s", i, lines[i])
				}
			}
		})
	}
}

// TestEngineRecordReplays plays a game through the engine command and
// checks that commons replay accepts the record it writes.
func TestEngineRecordReplays(t *testing.T) {
	in := strings.Join([]string{
		`{"op":"new","game":"open-science-alliance","players":3,"seed":8}`,
		`{"op":"sample","state":1,"apply":true}`,
		`{"op":"record","state":1}`,
	}, "\n")
	var out bytes.Buffer
	if err := runEngine(nil, strings.NewReader(in), &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var ans struct {
		Record json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal([]byte(lines[2]), &ans); err != nil || ans.Record == nil {
		t.Fatalf("record answer %s: %v", lines[2], err)
	}
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, ans.Record, 0o644); err != nil {
		t.Fatal(err)
	}
	var rout, rerr bytes.Buffer
	if err := runReplay([]string{file}, nil, &rout, &rerr); err != nil {
		t.Fatalf("replay: %v\n%s", err, rerr.String())
	}
}
