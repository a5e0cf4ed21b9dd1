package game

import "strconv"

// Info describes a game.
type Info struct {
	// Name is the registry key and the notation in records: lower case,
	// words joined by hyphens ("breaking-head").
	Name string `json:"name"`
	// Title is the published name ("Breaking Head").
	Title string `json:"title"`
	// Summary is one line for listings.
	Summary    string `json:"summary"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	// Options are the game's named variant options.
	Options []OptionSpec `json:"options"`
	// Params are the numbers and rules of the game a designer may tune,
	// each an option with the values worth trying (commons lab sweep and
	// lab tune search them; docs/lab.md, "Tuning").
	Params []Param `json:"params,omitempty"`
	// Chance reports whether the game has chance nodes.
	Chance bool `json:"chance"`
	// HiddenInformation reports whether some seat may not see the whole
	// state; such a game's states implement Sampler.
	HiddenInformation bool `json:"hidden_information"`
	// Doc is the path of the rules document in the repository.
	Doc string `json:"doc,omitempty"`
	// Scripts are the game's scripted strategies (see Scripter), which
	// bot specs name as script:NAME.
	Scripts []ScriptInfo `json:"scripts,omitempty"`
	// Teams names the teams of a game whose seats play in teams, sorted
	// (its states are Teamers: each seat's team is dealt by chance
	// before the first decision); nil in a game where every seat plays
	// for itself.
	Teams []string `json:"teams,omitempty"`
	// Draws reports whether the game's rules have draws, so that players
	// may also agree one (a server offers it).
	Draws bool `json:"draws,omitempty"`
}

// Script returns the named script's description and whether the game has
// it.
func (in Info) Script(name string) (ScriptInfo, bool) {
	for _, s := range in.Scripts {
		if s.Name == name {
			return s, true
		}
	}
	return ScriptInfo{}, false
}

// OptionSpec declares one named variant option.
type OptionSpec struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	// Values lists the allowed values. Empty means any value the game's
	// New accepts (a number, a file name...).
	Values []string `json:"values,omitempty"`
	// Doc says what the option changes and which ruling it comes from.
	Doc string `json:"doc"`
	// Path marks an option whose value names a file on the machine that
	// runs the game (a designer's data table). The command line accepts
	// it; a server must refuse it from its clients, who may not read the
	// server's files.
	Path bool `json:"path,omitempty"`
}

// Option returns the spec of the named option and whether it exists.
func (in Info) Option(name string) (OptionSpec, bool) {
	for _, o := range in.Options {
		if o.Name == name {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// Param is a number or a rule of a game that a designer may tune: one of
// its options and the values worth trying, in order. A rule's values are
// its option's values; a number's run over a range (Range), which the
// game's New must accept.
type Param struct {
	// Option is the name of the option the parameter sets.
	Option string `json:"option"`
	// Values are the values to try, in order, the option's default among
	// them (or, for an option whose default is "" — the game's data
	// decides — the value the data gives, so that today's rules are one
	// of the points).
	Values []string `json:"values"`
	// Numeric reports whether the values are numbers, so that a sweep
	// plots them on a numeric axis.
	Numeric bool `json:"numeric,omitempty"`
	// Doc says what the parameter changes and what it is worth trying
	// for, and names the ruling it comes from.
	Doc string `json:"doc"`
}

// Range returns the numbers from lo to hi by step, as option values.
func Range(lo, hi, step int) []string {
	if step < 1 {
		step = 1
	}
	var v []string
	for x := lo; x <= hi; x += step {
		v = append(v, strconv.Itoa(x))
	}
	return v
}

// Param returns the parameter that sets the named option and whether the
// game declares one.
func (in Info) Param(option string) (Param, bool) {
	for _, p := range in.Params {
		if p.Option == option {
			return p, true
		}
	}
	return Param{}, false
}
