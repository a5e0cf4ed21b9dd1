package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/variant"
)

// People's games in the lab (docs/lab.md, "People's games: lab import"):
// the finished matches of the server's store, replayed and written as a
// results folder, so that lab report shows how people play and lab
// compare sets them against bots.

// ImportSeed is the seed of an imported results folder's manifest, and
// marks it as imported. Load wants game i's seed to be the manifest's
// seed + i, which a match's own seed, drawn by the server, never is: the
// results carry ImportSeed+i, and each match's own seed is kept in
// ImportFile. No lab run has it unless asked with --seed
// 9223372036854775808, so lab compare never pairs an import with a bot
// run game by game (their games share no chance draws).
const ImportSeed uint64 = 1 << 63

// ImportFile, in an imported results folder, says where its games come
// from: the store and each game's match (ImportLog).
const ImportFile = "import.json"

// GuestLabel is the contestant of the seats of people who played without
// an account.
const GuestLabel = "guest"

// ImportConfig says which matches Import imports, from where, to where.
type ImportConfig struct {
	// Store holds the matches; if it is also a store.People, a person's
	// seat is labelled by the account's name.
	Store store.Store
	// Source names the store in ImportFile (the SQLite file, or
	// "PostgreSQL": never a connection string, which may hold a
	// password).
	Source string
	// Dir is the results folder to write.
	Dir string
	// Game, Players and Options, where set, keep only the matches of that
	// game (its registered name), that number of players, and those
	// option values.
	Game    string
	Players int
	Options game.Options
	// Variants are the server's variants (serve --variants DIR), for the
	// matches played as one: each replays with its variant's data table,
	// checked against the hash the match was made with. Without them
	// such a match is skipped, saying so.
	Variants *variant.Set
}

// The match settings in which the server keeps the variant a match is
// played as, and its table's hash (server/variants.go).
const (
	settingVariant     = "variant"
	settingVariantData = "variant_data"
)

// ImportLog is ImportFile: where an imported folder's games come from.
type ImportLog struct {
	Format int `json:"format"`
	// Source is ImportConfig.Source.
	Source string `json:"source"`
	// Matches are the games, by index.
	Matches []ImportedMatch `json:"matches"`
	// Skipped are the finished matches of the configuration that were
	// left out because they do not replay (a game whose rules changed
	// since, a corrupt log).
	Skipped []SkippedMatch `json:"skipped,omitempty"`
}

// ImportedMatch is one game of an import: the match it comes from.
type ImportedMatch struct {
	Index int    `json:"i"`
	ID    string `json:"id"`
	// Seed is the match's own seed (the result's seed is ImportSeed+i).
	Seed    uint64    `json:"seed"`
	Created time.Time `json:"created"`
	// Finished is the time of the match's last move or update.
	Finished time.Time `json:"finished"`
}

// SkippedMatch is a finished match Import left out, and why.
type SkippedMatch struct {
	ID  string `json:"id"`
	Why string `json:"why"`
}

// Imported is what Import wrote.
type Imported struct {
	Manifest Manifest
	Log      ImportLog
	// Replaced is true when Dir held an earlier import, now replaced.
	Replaced bool
}

// ImportedConfig is one configuration of the store's finished matches:
// a results folder holds one.
type ImportedConfig struct {
	Game    string
	Players int
	Options game.Options
	Matches int
}

// describe says "GAME with N players, key=value... (K matches)", with
// the options that tell it from the others (all of them if others is
// nil).
func (c ImportedConfig) describe(others []ImportedConfig) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s with %d players", c.Game, c.Players)
	for _, k := range slices.Sorted(maps.Keys(c.Options)) {
		differs := others == nil
		for _, o := range others {
			if o.Game == c.Game && o.Options[k] != c.Options[k] {
				differs = true
			}
		}
		if differs {
			fmt.Fprintf(&b, ", %s=%s", k, c.Options[k])
		}
	}
	fmt.Fprintf(&b, " (%d matches)", c.Matches)
	return b.String()
}

// ConfigsError is Import's error when the matches it would import are of
// several configurations: a results folder holds one.
type ConfigsError struct {
	Configs []ImportedConfig
}

func (e *ConfigsError) Error() string {
	var parts []string
	for _, c := range e.Configs {
		parts = append(parts, c.describe(e.Configs))
	}
	return fmt.Sprintf("the finished matches are of %d configurations: %s; a results folder holds one: choose it with --game, --players and --option key=value", len(e.Configs), strings.Join(parts, "; "))
}

// ErrNoMatches is Import's error (wrapped) when no finished match is
// left to import.
var ErrNoMatches = errors.New("no finished matches")

// IsImported reports whether m is the manifest of an imported folder: no
// bots, no teams, and ImportSeed.
func IsImported(m *Manifest) bool {
	return m.Seed == ImportSeed && len(m.Bots) == 0 && len(m.Teams) == 0
}

// candidate is a finished match of the configuration key.
type candidate struct {
	m   *store.Match
	run match.Run
	key string
	// v is the variant the match was played as, nil for none.
	v *variant.Variant
}

// Import replays the store's finished matches that cfg selects and
// writes them as the results folder cfg.Dir: lab.json, results.jsonl and
// ImportFile. Every game is replayed before anything is written, so an
// error writes nothing. A folder that holds an earlier import is
// replaced (its report, now stale, removed; a finding.md kept); one that
// holds anything else is refused.
func Import(ctx context.Context, cfg ImportConfig) (*Imported, error) {
	if cfg.Dir == "" {
		return nil, errors.New("lab: import: no folder to write")
	}
	replace, err := checkImportDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	cands, bad, err := finished(ctx, cfg)
	if err != nil {
		return nil, err
	}
	first := cands[0]
	rp, err := newReplayer(first.run, ImportSeed)
	if err != nil {
		return nil, fmt.Errorf("lab: import: %w", err)
	}
	man := rp.r.man
	man.Variant = variantName(first.v)
	im := &Imported{Log: ImportLog{Format: FormatVersion, Source: cfg.Source, Skipped: bad}, Replaced: replace}
	var results []Result
	var seats [][]store.Seat
	for _, c := range cands {
		m := c.m
		idx := len(results)
		res, skip, err := replayMatch(ctx, cfg.Store, rp, idx, c)
		if err != nil {
			return nil, fmt.Errorf("lab: import: match %s: %w", m.ID, err)
		}
		if skip != nil {
			im.Log.Skipped = append(im.Log.Skipped, SkippedMatch{ID: m.ID, Why: skip.Error()})
			continue
		}
		results = append(results, res)
		seats = append(seats, m.Seats)
		im.Log.Matches = append(im.Log.Matches, ImportedMatch{Index: idx, ID: m.ID, Seed: m.Seed, Created: m.Created.UTC(), Finished: m.TurnStart.UTC()})
	}
	if len(results) == 0 {
		last := im.Log.Skipped[len(im.Log.Skipped)-1]
		return nil, fmt.Errorf("lab: import: %w of %s that replay: %d skipped, such as match %s: %s", ErrNoMatches, describeConfig(first.run), len(cands), last.ID, last.Why)
	}
	labels := newLabeller(ctx, cfg.Store, seats)
	for i := range results {
		for p := range results[i].Bots {
			results[i].Bots[p] = labels.of(seats[i], p)
		}
	}
	man.Labels = labels.list
	man.Games = len(results)
	im.Manifest = man
	if err := writeImport(cfg.Dir, &man, results, &im.Log, replace); err != nil {
		return nil, err
	}
	return im, nil
}

// describeConfig says "GAME with N players".
func describeConfig(run match.Run) string {
	return fmt.Sprintf("%s with %d players", run.Game, run.Players)
}

// checkImportDir checks that dir may be written: absent, empty, or an
// earlier import (reported as true: to be replaced).
func checkImportDir(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case len(entries) == 0:
		return false, nil
	}
	m, err := ReadManifest(dir)
	if errors.Is(err, os.ErrNotExist) {
		return false, fmt.Errorf("lab: import: %s is not empty and holds no %s: not a results folder; give another --out", dir, ManifestFile)
	}
	if err != nil {
		return false, fmt.Errorf("lab: import: %w", err)
	}
	if !IsImported(m) {
		return false, fmt.Errorf("lab: import: %s holds a lab run (%s), not an import: give another --out", filepath.Join(dir, ManifestFile), describe(m))
	}
	if _, err := os.Stat(filepath.Join(dir, ImportFile)); err != nil {
		return false, fmt.Errorf("lab: import: %s has no %s: not an import; give another --out", dir, ImportFile)
	}
	return true, nil
}

// finished returns the finished matches cfg selects, of one
// configuration, by creation (then ID), and those this build cannot play
// (of a game it lacks, or with options it refuses).
func finished(ctx context.Context, cfg ImportConfig) ([]candidate, []SkippedMatch, error) {
	counts, err := cfg.Store.Count(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("lab: import: %w", err)
	}
	what := "in the store"
	if cfg.Game != "" {
		what += " of " + cfg.Game
	}
	if cfg.Players > 0 {
		what += fmt.Sprintf(" with %d players", cfg.Players)
	}
	for _, k := range slices.Sorted(maps.Keys(cfg.Options)) {
		what += fmt.Sprintf(", %s=%s", k, cfg.Options[k])
	}
	n := counts[store.Over]
	var list []*store.Match
	if n > 0 {
		// A server still running may end matches meanwhile: room for them.
		list, err = cfg.Store.List(ctx, store.ListOptions{Status: []store.Status{store.Over}, Game: cfg.Game, Limit: n + 1000})
		if err != nil {
			return nil, nil, fmt.Errorf("lab: import: %w", err)
		}
	}
	var cands []candidate
	var bad []SkippedMatch
	for _, m := range list {
		if m.Status != store.Over || (cfg.Game != "" && m.Game != cfg.Game) || (cfg.Players > 0 && m.Players != cfg.Players) {
			continue
		}
		v, opts, err := matchVariant(cfg.Variants, m)
		if err != nil {
			bad = append(bad, SkippedMatch{m.ID, err.Error()})
			continue
		}
		g, gcfg, err := match.Run{Game: m.Game, Players: m.Players, Options: opts}.Resolve()
		if err != nil {
			bad = append(bad, SkippedMatch{m.ID, err.Error()})
			continue
		}
		keep := true
		for k, v := range cfg.Options {
			keep = keep && gcfg.Options[k] == v
		}
		if !keep {
			continue
		}
		run := match.Run{Game: g.Info().Name, Players: gcfg.Players, Options: gcfg.Options}
		key, _ := json.Marshal(struct {
			Run     match.Run
			Variant string
		}{run, variantName(v)})
		cands = append(cands, candidate{m: m, run: run, key: string(key), v: v})
	}
	if len(cands) == 0 {
		if len(bad) > 0 {
			return nil, nil, fmt.Errorf("lab: import: %w %s that this build can play (%d of another game or configuration, such as match %s: %s)", ErrNoMatches, what, len(bad), bad[0].ID, bad[0].Why)
		}
		return nil, nil, fmt.Errorf("lab: import: %w %s", ErrNoMatches, what)
	}
	slices.SortStableFunc(cands, func(a, b candidate) int {
		if c := a.m.Created.Compare(b.m.Created); c != 0 {
			return c
		}
		return strings.Compare(a.m.ID, b.m.ID)
	})
	var configs []ImportedConfig
	byKey := map[string]int{}
	for _, c := range cands {
		i, ok := byKey[c.key]
		if !ok {
			i = len(configs)
			byKey[c.key] = i
			configs = append(configs, ImportedConfig{Game: c.run.Game, Players: c.run.Players, Options: c.run.Options})
		}
		configs[i].Matches++
	}
	if len(configs) > 1 {
		return nil, nil, fmt.Errorf("lab: import: %w", &ConfigsError{configs})
	}
	return cands, bad, nil
}

// replayMatch replays match m as game idx and checks its returns against
// the store's. A match that does not replay is skipped (skip says why);
// err is the store's failure, which stops the import.
func replayMatch(ctx context.Context, st store.Store, rp *replayer, idx int, c candidate) (res Result, skip, err error) {
	m := c.m
	moves, err := st.Moves(ctx, m.ID, 0)
	if err != nil {
		return Result{}, nil, err
	}
	rec := m.Record(moves)
	if v := c.v; v != nil {
		rec.Variant = &record.Variant{Name: v.Name, Data: m.Settings[settingVariantData]}
		rec.Tables = maps.Clone(v.Tables)
	}
	if s := m.Settings["end"]; s != "" {
		// How the server ended a match other than by its rules (a
		// resignation, a draw agreed, an abandoned match): the
		// record.End it keeps in the match's settings.
		var e record.End
		if err := json.Unmarshal([]byte(s), &e); err != nil {
			return Result{}, fmt.Errorf("its end %q: %w", s, err), nil
		}
		rec.End = &e
	}
	res, err = rp.replay(idx, rec)
	if err != nil {
		return Result{}, err, nil
	}
	if m.Result != nil && !sameReturns(m.Result, res.Returns) {
		return Result{}, fmt.Errorf("it replays to returns %v, where the store says %v", res.Returns, m.Result), nil
	}
	return res, nil, nil
}

// sameReturns compares returns up to rounding.
func sameReturns(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if d := a[i] - b[i]; d > 1e-9 || d < -1e-9 {
			return false
		}
	}
	return true
}

// labeller names the contestants of imported games: a person by the
// account's name (GuestLabel without an account), a bot by its spec, in
// the order they are first seen. A person whose name is a bot's spec is
// kept apart from the bot, as "NAME (person)".
type labeller struct {
	ctx    context.Context
	people store.People
	known  map[string]string // account ID: name
	bots   map[string]bool   // the bots' labels
	index  map[string]int    // label: contestant
	list   []string
}

// newLabeller makes a labeller for games whose seats are among seats.
func newLabeller(ctx context.Context, st store.Store, seats [][]store.Seat) *labeller {
	l := &labeller{ctx: ctx, known: map[string]string{}, bots: map[string]bool{}, index: map[string]int{}}
	l.people, _ = st.(store.People)
	for _, ss := range seats {
		for _, s := range ss {
			if s.Bot != "" {
				l.bots[botLabel(s.Bot)] = true
			}
		}
	}
	return l
}

// botLabel is the label of the bot with spec s: the spec as lab run
// writes it, so that lab compare finds the bot in a bot run.
func botLabel(s string) string {
	if sp, err := bot.ParseSpec(s); err == nil {
		return sp.String()
	}
	return s
}

// of returns the contestant of seat p of seats: who plays it at the end
// (a person's seat handed to a bot, as a resignation in a team game
// does, is the bot's).
func (l *labeller) of(seats []store.Seat, p int) int {
	var label string
	switch {
	case p < len(seats) && seats[p].Bot != "":
		label = botLabel(seats[p].Bot)
	default:
		id := ""
		if p < len(seats) {
			id = seats[p].Account
		}
		label = l.person(id)
		if l.bots[label] {
			label += " (person)"
		}
	}
	i, ok := l.index[label]
	if !ok {
		i = len(l.list)
		l.index[label] = i
		l.list = append(l.list, label)
	}
	return i
}

// person returns the name of account id, GuestLabel for none.
func (l *labeller) person(id string) string {
	if id == "" || l.people == nil {
		return GuestLabel
	}
	if name, ok := l.known[id]; ok {
		return name
	}
	name := GuestLabel
	if a, err := l.people.Account(l.ctx, id); err == nil && a.Name != "" {
		name = a.Name
	}
	l.known[id] = name
	return name
}

// writeImport writes the folder: the results, the import log, then the
// manifest, each to a temporary file renamed into place. Replacing an
// earlier import removes its report, which no longer describes it.
func writeImport(dir string, m *Manifest, results []Result, log *ImportLog, replace bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var lines []byte
	for i := range results {
		lines = appendResult(lines, &results[i])
	}
	logData, err := marshalIndent(log)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{ResultsFile, lines}, {ImportFile, logData}} {
		tmp := filepath.Join(dir, f.name+".tmp")
		if err := os.WriteFile(tmp, f.data, 0o644); err != nil {
			return err
		}
		if err := os.Rename(tmp, filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	if replace {
		for _, name := range []string{ReportHTML, ReportJSON} {
			if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return writeManifest(dir, m)
}

// matchVariant returns the variant match m was played as (nil for none)
// and the options to make its game with: the match's, and the variant's
// data tables. A variant this import does not have, or whose table is not
// the one the match was made with, is an error: the match is skipped.
func matchVariant(set *variant.Set, m *store.Match) (*variant.Variant, game.Options, error) {
	name := m.Settings[settingVariant]
	if name == "" {
		return nil, m.Options, nil
	}
	if set == nil {
		return nil, nil, fmt.Errorf("played as variant %s: give the server's variants (--variants DIR)", name)
	}
	v, err := set.Find(m.Game, name)
	if err != nil {
		return nil, nil, fmt.Errorf("played as variant %s: %v", name, err)
	}
	if want := m.Settings[settingVariantData]; want != v.Data {
		return nil, nil, fmt.Errorf("played as variant %s with the table of sha256 %s; the variant's table here is %s: the table changed since", name, short(want), short(v.Data))
	}
	opts := maps.Clone(m.Options)
	if opts == nil {
		opts = game.Options{}
	}
	maps.Copy(opts, v.Tables)
	return v, opts, nil
}

func variantName(v *variant.Variant) string {
	if v == nil {
		return ""
	}
	return v.Name
}
