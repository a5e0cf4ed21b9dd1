package web_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/commons-games/commons/web/internal/bundle"
	"github.com/commons-games/commons/web/internal/obstypes"
)

// TestDistUpToDate checks that the bundle checked in under dist/ is what
// go generate makes from src/ and static/ now: a change to the
// TypeScript without a new bundle fails here (and the bundle is
// reproducible: the same sources give the same bytes).
func TestDistUpToDate(t *testing.T) {
	want, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := bundle.Read("dist")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range bundle.Names(want) {
		if !bytes.Equal(got[name], want[name]) {
			t.Errorf("dist/%s is stale or missing: run go generate ./web/...", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("dist/%s is not made by the build: run go generate ./web/...", name)
		}
	}
	again, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, again) {
		t.Error("two builds of the same sources differ")
	}
}

// TestObservationTypesUpToDate checks that src/observations.ts, the
// TypeScript types of the games' observations the boards import, is what
// go generate makes from the Go structs now: a change to a game's
// Observation (a field added, renamed, made optional) fails here until
// the types are made again, and the type check then shows every board
// that reads the old shape.
func TestObservationTypesUpToDate(t *testing.T) {
	want, err := obstypes.Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(obstypes.File)
	if err != nil {
		t.Fatalf("%v: run go generate ./web/...", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run go generate ./web/... (and tsc -p web to see which boards read what changed)", obstypes.File)
	}
}
