package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"strconv"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// replaySummary is what commons replay prints.
type replaySummary struct {
	Game     string    `json:"game"`
	Players  int       `json:"players"`
	Moves    int       `json:"moves"` // actions in the complete record
	Terminal bool      `json:"terminal"`
	Turn     any       `json:"turn"` // seat number, "chance" or "terminal"
	Returns  []float64 `json:"returns"`
	Scores   []float64 `json:"scores,omitempty"`
	Legal    []string  `json:"legal"`
	View     any       `json:"view,omitempty"`
}

// traceLine is one line of commons replay --trace.
type traceLine struct {
	Index    int      `json:"index"`
	Player   any      `json:"player"`
	Legal    []string `json:"legal"`
	Move     string   `json:"move"`
	FromSeed bool     `json:"from_seed,omitempty"`
}

// replayError is what commons replay prints for a record it cannot play.
type replayError struct {
	Error struct {
		Index  *int   `json:"index,omitempty"`
		Move   string `json:"move,omitempty"`
		Reason string `json:"reason"`
	} `json:"error"`
}

// turnJSON returns the seat to move (1-based), "chance" or "terminal".
func turnJSON(p game.Player) any {
	if p < 0 {
		return p.String()
	}
	return p.Seat()
}

// legalNotation lists the legal actions at s in record notation.
func legalNotation(s game.State) []string {
	out := []string{}
	for _, a := range s.LegalActions(nil) {
		out = append(out, record.Notation(s, a))
	}
	return out
}

// parseViewer reads a 1-based seat number or "spectator".
func parseViewer(v string, players int) (game.Player, error) {
	if v == "spectator" {
		return game.Spectator, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > players {
		return 0, usagef("--view %q: want a seat from 1 to %d, or spectator", v, players)
	}
	return game.PlayerOfSeat(n), nil
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "replay [--view P] [--complete] [--trace] [--words] [--variants DIR] FILE", stderr)
	view := fs.String("view", "", "add what seat `P` (1-based) sees, or spectator what everybody sees (with --words: the moves as P saw them)")
	complete := fs.Bool("complete", false, "print the record with every chance outcome written out, instead of the summary")
	trace := fs.Bool("trace", false, "before the summary, print one JSON line per move: index, player, legal moves, move")
	words := fs.Bool("words", false, "instead of JSON, print one line per move, numbered from 1: who (seat or chance), the move in the game's notation, a chance outcome's probability; then the result")
	variants := fs.String("variants", "", "the `DIR` of the server's variants (serve --variants) in which a record played as one finds its data table")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *words && (*complete || *trace) {
		// Each prints the whole game its own way: together they would
		// be one output of two formats.
		other := "--complete"
		if *trace {
			other = "--trace"
		}
		return usagef("--words and %s: give one (--words prints the moves in words, %s as JSON)", other, other)
	}
	switch len(pos) {
	case 0:
		return usagef("name a record file, or - for standard input (commons new GAME makes one)")
	case 1:
	default:
		return usagef("unexpected argument %q: replay takes one record file", pos[1])
	}
	fail := func(err error) error {
		var out replayError
		out.Error.Reason = err.Error()
		var me *record.MoveError
		if errors.As(err, &me) {
			out.Error.Index, out.Error.Move, out.Error.Reason = &me.Index, me.Move, me.Reason
		}
		writeJSON(stdout, out)
		fmt.Fprintf(stderr, "commons replay: %s: %v\n", pos[0], err)
		return errSilent
	}
	// A relative path in a record's options (a tile or card table) is
	// read from the record file's folder; from standard input, from the
	// working directory.
	var rec *record.Record
	if pos[0] == "-" {
		var data []byte
		if data, err = io.ReadAll(stdin); err == nil {
			rec, err = record.Parse(data)
		}
	} else {
		rec, err = record.ReadFile(pos[0])
		var pe *iofs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the file is named in front of the error
		}
	}
	if err != nil {
		return fail(err)
	}
	if err := bindVariants(*variants, rec); err != nil {
		return err
	}
	viewer := game.Terminal // none
	if *view != "" {
		if viewer, err = parseViewer(*view, rec.Players); err != nil {
			return err
		}
	}
	if *words {
		// The lines are written only once the whole record has
		// replayed, so that a bad record prints its error alone.
		if err := replayWords(stdout, rec, viewer); err != nil {
			return fail(err)
		}
		return nil
	}
	var opt record.Options
	if *trace {
		enc := json.NewEncoder(stdout)
		opt.Trace = func(st record.Step) {
			enc.Encode(traceLine{Index: st.Index, Player: turnJSON(st.Player), Legal: legalNotation(st.State), Move: st.Move, FromSeed: st.FromSeed})
		}
	}
	rep, err := record.Play(rec, opt)
	if err != nil {
		return fail(err)
	}
	if *complete {
		// On standard output, paths are relative to the working directory.
		_, err := stdout.Write(rep.Complete.Relocate("").Marshal())
		return err
	}
	s := rep.State
	sum := replaySummary{
		Game:     rec.Game,
		Players:  rec.Players,
		Moves:    len(rep.Complete.Moves),
		Terminal: game.IsTerminal(s),
		Turn:     turnJSON(s.CurrentPlayer()),
		Returns:  s.Returns(nil),
		Legal:    legalNotation(s),
	}
	if sc, ok := s.(game.Scorer); ok {
		sum.Scores = sc.Scores(nil)
	}
	if viewer != game.Terminal {
		sum.View = s.Observation(viewer)
	}
	return writeJSON(stdout, sum)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
