package source

import (
	"reflect"
	"testing"
)

func TestCloneIndependent(t *testing.T) {
	s := newState(t, nil)
	c := s.Clone().(*State)
	play(t, c, "b9")
	if reflect.DeepEqual(s, c) || s.Supply(Red) != 24 {
		t.Errorf("playing on a clone changed the original")
	}
}
