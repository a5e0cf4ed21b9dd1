package lab

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/commons-games/commons/game"
)

// File names inside a run's directory.
const (
	ManifestFile = "lab.json"
	ResultsFile  = "results.jsonl"
	ReportHTML   = "report.html"
	ReportJSON   = "report.json"
	// FindingFile is the designer's answer in plain words, Markdown,
	// written by hand after reading the numbers; the report shows it at
	// the top (docs/lab/ keeps one per question).
	FindingFile = "finding.md"
)

// FormatVersion is the version of the manifest and results format.
const FormatVersion = 1

// Manifest describes a run: everything that decides its games. It is
// written to DIR/lab.json before the first game, and a rerun in the same
// directory must ask for the same run (it resumes it).
type Manifest struct {
	Format  int          `json:"format"`
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// Data is the SHA-256 of the game's data table (its tile table or
	// cards file, embedded or named by an option; game.DataHasher), so
	// that a resumed run or a merge of shards never mixes games played
	// with different numbers. Empty for games without one, and in
	// manifests written before it was recorded.
	Data string `json:"data,omitempty"`
	// Variant names the operator's variant (commons lab run --variant,
	// package variant) whose options the run has; Data is its table's
	// hash. Empty for a run of options given one by one.
	Variant string `json:"variant,omitempty"`
	// Bots are the bot specs by seat rotation, or nil with Teams.
	Bots []string `json:"bots,omitempty"`
	// Teams are the bot specs by team name (Breaking Head).
	Teams map[string]string `json:"teams,omitempty"`
	// Labels name the contestants; a result's bots field indexes them.
	Labels []string `json:"labels"`
	// Games is the number of games of the whole run (all shards).
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
	// Trace is when the evaluation trace is taken: "round", "turn", "move" or
	// "off" (see docs/lab.md).
	Trace string `json:"trace"`
	// Rounds is how a round is found with Trace "round": RoundsCounted
	// when the game counts its rounds (game.Rounder), and empty when a
	// round begins at each turn of the game's first mover. Recorded since
	// Source began to count its rounds, so that a run begun before never
	// resumes or merges with one read by the count: their traces would
	// take their points at different moments.
	Rounds string `json:"rounds,omitempty"`
	// Shard is set on one shard of a run: it plays the games whose index
	// is Index modulo Count.
	Shard *Shard `json:"shard,omitempty"`
}

// Shard is one of Count parts of a run, numbered from 0.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String returns "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads "i/n" (0 <= i < n).
func ParseShard(v string) (Shard, error) {
	var s Shard
	a, b, ok := bytes.Cut([]byte(v), []byte("/"))
	if ok {
		i, err1 := strconv.Atoi(string(a))
		n, err2 := strconv.Atoi(string(b))
		if err1 == nil && err2 == nil && n >= 1 && i >= 0 && i < n {
			return Shard{i, n}, nil
		}
	}
	return s, fmt.Errorf("want i/n with 0 <= i < n, such as 0/4 (shards are numbered from 0, as a Kubernetes Indexed Job's JOB_COMPLETION_INDEX)")
}

// Has reports whether game idx belongs to the shard (every game when s
// is nil).
func (s *Shard) Has(idx int) bool { return s == nil || idx%s.Count == s.Index }

// sameRun reports whether two manifests describe the same run, shard
// included.
func sameRun(a, b *Manifest) bool {
	if a.Data != b.Data && (a.Data == "" || b.Data == "") {
		// A manifest from before Data was recorded: the rest must agree.
		a2, b2 := *a, *b
		a2.Data, b2.Data = "", ""
		a, b = &a2, &b2
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// Result is one finished game: one line of DIR/results.jsonl.
type Result struct {
	// Index is the game's number in the run, from 0; Seed its seed,
	// always the run's seed + Index.
	Index int    `json:"i"`
	Seed  uint64 `json:"seed"`
	// Bots[p] is the contestant (an index of Manifest.Labels) in seat p+1.
	Bots []int `json:"bots"`
	// Teams[p] is seat p+1's team at the end, in games with teams.
	Teams   []string  `json:"teams,omitempty"`
	Returns []float64 `json:"returns"`
	// Scores are the final scores, in games that keep them.
	Scores []float64 `json:"scores,omitempty"`
	// Actions counts every action, chance outcomes included; Turns the
	// turns (a turn: one seat's run of decisions, chance outcomes within
	// it not breaking it).
	Actions int `json:"actions"`
	Turns   int `json:"turns"`
	// Moves[p] counts seat p+1's decisions, Choices[p] those of them with
	// more than one legal action, Legal[p] the legal actions summed over
	// its decisions.
	Moves   []int `json:"moves"`
	Choices []int `json:"choices"`
	Legal   []int `json:"legal"`
	// End is the game's own end reason (game.Outcomer), Why its words,
	// Limit whether a move or turn limit ended the game (a timeout).
	End   string `json:"end,omitempty"`
	Why   string `json:"why,omitempty"`
	Limit bool   `json:"limit,omitempty"`
	// Counts are the game's own event counts, in the game's order.
	Counts Counts `json:"counts,omitempty"`
	// Evals is the number of points of the evaluation trace, Leads the
	// points at which the set of leaders differed from the previous
	// point's, Drama the mean over the points of the eventual winners'
	// gap to the leader, DramaMax the largest (docs/lab.md).
	Evals    int     `json:"evals,omitempty"`
	Leads    int     `json:"leads,omitempty"`
	Drama    float64 `json:"drama,omitempty"`
	DramaMax float64 `json:"drama_max,omitempty"`
	// Decided is the trace point, from 1, at which the game was decided
	// for Decisiveness: the first at which an eventual winner's value was
	// above every value a seat that did not win had in the game; Evals+1
	// when none was; 0 when not defined (no trace, no winner, no loser)
	// or not recorded (results written before Decisiveness).
	Decided int `json:"decided,omitempty"`
}

// Counts are named counts in a fixed order; they marshal to a JSON object
// whose keys keep that order.
type Counts []game.Count

// MarshalJSON writes the counts as an object in their order.
func (c Counts) MarshalJSON() ([]byte, error) { return appendCounts(nil, c, nil), nil }

// UnmarshalJSON reads an object of whole numbers, keeping the key order.
func (c *Counts) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return errors.New("counts: want an object of whole numbers")
	}
	out := Counts{}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		v, err := dec.Token()
		if err != nil {
			return err
		}
		num, ok := v.(json.Number)
		n, err := num.Int64()
		if !ok || err != nil {
			return fmt.Errorf("counts: %s: want a whole number", k)
		}
		out = append(out, game.Count{Name: k.(string), N: int(n)})
	}
	*c = out
	return nil
}

// Get returns the count named name, 0 if absent.
func (c Counts) Get(name string) int {
	for _, x := range c {
		if x.Name == name {
			return x.N
		}
	}
	return 0
}

// appendResult writes r as one JSON line (with its newline) without
// reflection: the lab writes tens of thousands a second.
func appendResult(b []byte, r *Result) []byte { return appendResultPlain(b, r, nil) }

// plainStrings remembers, by their place in a line, the strings of the
// line before that needed no escaping: the counts' names and the game's
// ending, which are mostly the same strings game after game (the game's
// own constants). Comparing a string with itself is a comparison of
// pointers, where checking it byte by byte cost a random game of Source
// about 1,600 instructions (docs/lab.md, Performance).
type plainStrings []string

// Places in a line of the strings plainStrings remembers; the counts'
// names follow.
const (
	plainEnd = iota
	plainWhy
	plainCounts
)

// appendString writes s, the string at place k, as appendString does.
func (p *plainStrings) appendString(b []byte, k int, s string) []byte {
	if p == nil {
		return appendString(b, s)
	}
	if k < len(*p) && (*p)[k] == s {
		return appendQuoted(b, s)
	}
	n := len(b)
	b = appendString(b, s)
	if len(b)-n == len(s)+2 { // written as it is: plain
		for len(*p) <= k {
			*p = append(*p, "")
		}
		(*p)[k] = s
	}
	return b
}

// lineMemo is what a worker's lines remember of the lines before: the
// strings written as they are (plainStrings) and the text of recent
// floats (floatTexts).
type lineMemo struct {
	strings plainStrings
	floats  floatTexts
}

// floatTexts remembers the text of recent floats that are not whole,
// by a hash of their bits. They come back game after game: a two-seat
// game's Drama is a ratio of small counts, a shared win's return a half.
// Finding the shortest text that reads back to a float (strconv) costs
// some 300 to 600 instructions, as much as a random game's trace
// (docs/lab.md, Performance); a text remembered costs a copy.
type floatTexts [256]struct {
	bits uint64
	n    uint8 // the text's length, 0 for none
	text [24]byte
}

// appendFloat writes x as appendFloat does.
func (f *floatTexts) appendFloat(b []byte, x float64) []byte {
	if f == nil || x != x || x > 1e300 || x < -1e300 || (x == float64(int64(x)) && x < 1e15 && x > -1e15) {
		return appendFloat(b, x)
	}
	u := math.Float64bits(x)
	e := &f[(u*0x9e3779b97f4a7c15)>>56] // Fibonacci hashing: the top bits
	if e.bits == u && e.n != 0 {
		return append(b, e.text[:e.n]...)
	}
	n := len(b)
	b = strconv.AppendFloat(b, x, 'g', -1, 64)
	if t := b[n:]; len(t) <= len(e.text) {
		e.bits, e.n = u, uint8(copy(e.text[:], t))
	}
	return b
}

// appendResultPlain is appendResult, with what the lines before wrote
// remembered in memo (nil: nothing).
func appendResultPlain(b []byte, r *Result, memo *lineMemo) []byte {
	var known *plainStrings
	var floats *floatTexts
	if memo != nil {
		known, floats = &memo.strings, &memo.floats
	}
	b = append(b, `{"i":`...)
	b = appendInt(b, r.Index)
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, r.Seed, 10)
	b = append(b, `,"bots":`...)
	b = appendInts(b, r.Bots)
	if r.Teams != nil {
		b = append(b, `,"teams":[`...)
		for i, t := range r.Teams {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, t)
		}
		b = append(b, ']')
	}
	b = append(b, `,"returns":`...)
	b = appendFloats(b, r.Returns, floats)
	if r.Scores != nil {
		b = append(b, `,"scores":`...)
		b = appendFloats(b, r.Scores, floats)
	}
	b = append(b, `,"actions":`...)
	b = appendInt(b, r.Actions)
	b = append(b, `,"turns":`...)
	b = appendInt(b, r.Turns)
	b = append(b, `,"moves":`...)
	b = appendInts(b, r.Moves)
	b = append(b, `,"choices":`...)
	b = appendInts(b, r.Choices)
	b = append(b, `,"legal":`...)
	b = appendInts(b, r.Legal)
	if r.End != "" {
		b = append(b, `,"end":`...)
		b = known.appendString(b, plainEnd, r.End)
	}
	if r.Why != "" {
		b = append(b, `,"why":`...)
		b = known.appendString(b, plainWhy, r.Why)
	}
	if r.Limit {
		b = append(b, `,"limit":true`...)
	}
	if len(r.Counts) > 0 {
		b = append(b, `,"counts":`...)
		b = appendCounts(b, r.Counts, known)
	}
	if r.Evals != 0 {
		b = append(b, `,"evals":`...)
		b = appendInt(b, r.Evals)
	}
	if r.Leads != 0 {
		b = append(b, `,"leads":`...)
		b = appendInt(b, r.Leads)
	}
	if r.Drama != 0 {
		b = append(b, `,"drama":`...)
		b = floats.appendFloat(b, r.Drama)
	}
	if r.DramaMax != 0 {
		b = append(b, `,"drama_max":`...)
		b = floats.appendFloat(b, r.DramaMax)
	}
	if r.Decided != 0 {
		b = append(b, `,"decided":`...)
		b = appendInt(b, r.Decided)
	}
	return append(b, "}\n"...)
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// appendInt writes x in decimal, as strconv.AppendInt does. Most numbers
// of a line (lengths, decisions, counts) are below 10,000, and written
// here from a table of digit pairs in a few instructions.
func appendInt(b []byte, x int) []byte {
	switch {
	case uint(x) < 10:
		return append(b, byte('0'+x))
	case uint(x) < 100:
		return append(b, digitPairs[2*x], digitPairs[2*x+1])
	case uint(x) < 1000:
		q, r := x/100, x%100
		return append(b, byte('0'+q), digitPairs[2*r], digitPairs[2*r+1])
	case uint(x) < 10000:
		q, r := x/100, x%100
		return append(b, digitPairs[2*q], digitPairs[2*q+1], digitPairs[2*r], digitPairs[2*r+1])
	}
	return strconv.AppendInt(b, int64(x), 10)
}

func appendInts(b []byte, v []int) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, x)
	}
	return append(b, ']')
}

func appendFloats(b []byte, v []float64, floats *floatTexts) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = floats.appendFloat(b, x)
	}
	return append(b, ']')
}

// appendFloat writes x as JSON: the shortest text that reads back to x.
// Non-finite values (which no game returns) are written as 0.
func appendFloat(b []byte, x float64) []byte {
	if x != x || x > 1e300 || x < -1e300 {
		return append(b, '0')
	}
	if x == float64(int64(x)) && x < 1e15 && x > -1e15 {
		return appendInt(b, int(x))
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64)
}

func appendCounts(b []byte, c Counts, known *plainStrings) []byte {
	b = append(b, '{')
	for i, x := range c {
		if i > 0 {
			b = append(b, ',')
		}
		b = known.appendString(b, plainCounts+i, x.Name)
		b = append(b, ':')
		b = appendInt(b, x.N)
	}
	return append(b, '}')
}

// appendString writes s as a JSON string. Keys and reasons are plain
// ASCII words; anything else goes through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !plainJSON[s[i]] {
			j, _ := json.Marshal(s)
			return append(b, j...)
		}
	}
	return appendQuoted(b, s)
}

// appendQuoted writes s, plain, between quotes.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plainJSON tells the bytes that encoding/json writes as they are: a
// table, because a line holds a dozen strings (the counts' names), which
// a game of random bots writes in about as long as its trace takes.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// Dir is a run's directory read back: its manifest and results.
type Dir struct {
	Path     string
	Manifest Manifest
	// Results are sorted by Index.
	Results []Result
}

// ReadManifest reads DIR/lab.json.
func ReadManifest(dir string) (*Manifest, error) {
	name := filepath.Join(dir, ManifestFile)
	data, err := os.ReadFile(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, notRunError{name, dir}
		}
		return nil, err
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if m.Format != FormatVersion {
		return nil, fmt.Errorf("%s: format %d, want %d", name, m.Format, FormatVersion)
	}
	if m.Players < 1 || m.Games < 1 || len(m.Labels) == 0 {
		return nil, fmt.Errorf("%s: not a complete manifest (players %d, games %d, %d bots)", name, m.Players, m.Games, len(m.Labels))
	}
	return &m, nil
}

// Load reads a run's directory: the manifest and every result, checked
// against it. A line that does not parse, or that does not belong to the
// run (a game out of range or of another shard, a wrong seed or seat
// count, a game twice), is an error naming the file and the line.
func Load(dir string) (*Dir, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	run := &Dir{Path: dir, Manifest: *m}
	name := filepath.Join(dir, ResultsFile)
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return run, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	err = readResults(f, name, m, func(r *Result, _ int) error {
		run.Results = append(run.Results, *r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(run.Results, func(a, b Result) int { return a.Index - b.Index })
	return run, nil
}

// readResults parses results lines from r (named name in errors) and
// checks each against m, calling each for every result with its line
// number. It reports a game found twice.
func readResults(r io.Reader, name string, m *Manifest, each func(*Result, int) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
	seen := map[int]int{}
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(bytes.TrimSpace(text)) == 0 {
			return fmt.Errorf("%s line %d: an empty line", name, line)
		}
		var res Result
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&res); err != nil {
			return fmt.Errorf("%s line %d: not a game result: %w", name, line, err)
		}
		if err := checkResult(&res, m); err != nil {
			return fmt.Errorf("%s line %d: %w", name, line, err)
		}
		if first, dup := seen[res.Index]; dup {
			return fmt.Errorf("%s line %d: game %d again (first on line %d)", name, line, res.Index, first)
		}
		seen[res.Index] = line
		if err := each(&res, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s line %d: %w", name, line+1, err)
	}
	return nil
}

// checkResult checks that a result belongs to the run m describes.
func checkResult(r *Result, m *Manifest) error {
	n := m.Players
	switch {
	case r.Index < 0 || r.Index >= m.Games:
		return fmt.Errorf("game %d: the run has games 0 to %d", r.Index, m.Games-1)
	case !m.Shard.Has(r.Index):
		return fmt.Errorf("game %d does not belong to shard %s", r.Index, m.Shard)
	case r.Seed != m.Seed+uint64(r.Index):
		return fmt.Errorf("game %d has seed %d, but the run's seed %d makes it %d: results of another run?", r.Index, r.Seed, m.Seed, m.Seed+uint64(r.Index))
	case len(r.Returns) != n || len(r.Bots) != n || len(r.Moves) != n || len(r.Choices) != n || len(r.Legal) != n:
		return fmt.Errorf("game %d: %d returns, %d bots, %d moves for %d players", r.Index, len(r.Returns), len(r.Bots), len(r.Moves), n)
	case r.Scores != nil && len(r.Scores) != n, r.Teams != nil && len(r.Teams) != n:
		return fmt.Errorf("game %d: scores or teams for %d seats, the run has %d players", r.Index, max(len(r.Scores), len(r.Teams)), n)
	}
	for _, b := range r.Bots {
		if b < 0 || b >= len(m.Labels) {
			return fmt.Errorf("game %d: bot %d, the run has %d", r.Index, b, len(m.Labels))
		}
	}
	for p := range n {
		if r.Choices[p] < 0 || r.Choices[p] > r.Moves[p] || r.Legal[p] < r.Moves[p] {
			return fmt.Errorf("game %d: seat %d made %d moves with %d choices and %d legal actions", r.Index, p+1, r.Moves[p], r.Choices[p], r.Legal[p])
		}
	}
	return nil
}

// notRunError says that a directory holds no manifest.
type notRunError struct{ name, dir string }

func (e notRunError) Error() string {
	return fmt.Sprintf("%s: no such file: %s is not a lab run's directory (commons lab run --out DIR makes one)", e.name, e.dir)
}

func (e notRunError) Is(target error) bool { return target == os.ErrNotExist }

// marshalIndent is json.MarshalIndent with two spaces and a final newline.
func marshalIndent(v any) ([]byte, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
