package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/variant"
)

// A record of a server's variant replays with replay --variants DIR,
// the folder the server was given, and only with the table it was
// played with.
func TestReplayVariants(t *testing.T) {
	dir := t.TempDir()
	tiles, err := os.ReadFile("../../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "small-box.json"), tiles, 0o644)
	os.WriteFile(filepath.Join(dir, "small.variant.json"), []byte(`{"name": "small", "game": "3io", "options": {"tiles": "small-box.json"}}`), 0o644)
	set, err := variant.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(5)
	r := record.New("3io", 2, nil, &seed)
	r.Variant = &record.Variant{Name: "small", Data: set.Lookup("small").Data}
	file := filepath.Join(t.TempDir(), "game.json")
	if err := r.WriteFile(file); err != nil {
		t.Fatal(err)
	}
	replay := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := runReplay(append(args, file), nil, &out, &errs)
		return out.String() + errs.String(), err
	}
	if out, err := replay("--variants", dir); err != nil {
		t.Fatalf("replay --variants: %v\n%s", err, out)
	}
	if out, err := replay(); err == nil || !strings.Contains(out, "--variants DIR") {
		t.Errorf("replayed without the variants: %v\n%s", err, out)
	}
	// The table changed since: refused, saying so.
	os.WriteFile(filepath.Join(dir, "small-box.json"), bytes.Replace(tiles, []byte(`"count": 10`), []byte(`"count": 11`), 1), 0o644)
	if out, err := replay("--variants", dir); err == nil || !strings.Contains(out, "the table changed since") {
		t.Errorf("replayed with another table: %v\n%s", err, out)
	}
	// A folder without the record's variant is a usage error.
	os.Rename(filepath.Join(dir, "small.variant.json"), filepath.Join(dir, "big.variant.json"))
	os.WriteFile(filepath.Join(dir, "big.variant.json"), []byte(`{"name": "big", "game": "3io"}`), 0o644)
	var ue *usageError
	if _, err := replay("--variants", dir); !errors.As(err, &ue) || !strings.Contains(err.Error(), `unknown variant "small" of 3io (variants: big)`) {
		t.Errorf("err = %v", err)
	}
}

// lab run --variants DIR --variant NAME plays the variant's table and
// options, names the variant in the manifest with the table's hash, and
// refuses an --option the variant sets.
func TestLabRunVariant(t *testing.T) {
	dir := t.TempDir()
	tiles, err := os.ReadFile("../../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "small-box.json"), tiles, 0o644)
	os.WriteFile(filepath.Join(dir, "small.variant.json"), []byte(`{"name": "small", "game": "3io", "options": {"tiles": "small-box.json", "civilization-pacing": "on"}}`), 0o644)
	set, err := variant.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "run")
	code, stdout, stderr := commons(t, "", "lab", "run", "3io", "--variants", dir, "--variant", "small", "--bots", "random", "--games", "4", "--out", out)
	if code != 0 {
		t.Fatalf("lab run --variant: exit %d\n%s%s", code, stdout, stderr)
	}
	m, err := lab.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Variant != "small" || m.Data != set.Lookup("small").Data || m.Options["civilization-pacing"] != "on" {
		t.Errorf("manifest: variant %q, data %q (want %q), options %v", m.Variant, m.Data, set.Lookup("small").Data, m.Options)
	}
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"--variants", dir, "--variant", "small", "--option", "civilization-pacing=off"}, "--option civilization-pacing: the variant small sets it"},
		{[]string{"--variants", dir, "--variant", "big"}, `unknown variant "big" of 3io (variants: small)`},
		{[]string{"--variant", "small"}, "name the variants' folder"},
		{[]string{"--variants", dir}, "name the variant to play"},
	}
	for _, tc := range tests {
		bad := filepath.Join(t.TempDir(), "bad")
		args := append([]string{"lab", "run", "3io", "--bots", "random", "--games", "2", "--out", bad}, tc.args...)
		if code, _, stderr := commons(t, "", args...); code != 2 || !strings.Contains(stderr, tc.err) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, stderr, tc.err)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("%v: made the run's folder", tc.args)
		}
	}
}
