package main

import (
	"maps"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/variant"
)

// bindVariants gives a record played as one of a server's variants the
// variant's data tables from dir (--variants DIR; "" none), so that it
// replays with the table it was played with: record.Play refuses
// another (its variant's hash), and a record of a variant without the
// folder when the variant has a table of its own. A folder that does
// not load, or lacks the record's variant, is a usage error.
func bindVariants(dir string, r *record.Record) error {
	if dir == "" {
		return nil
	}
	set, err := variant.Load(dir)
	if err != nil {
		return usagef("--variants: %v", err)
	}
	if err := set.Bind(r); err != nil {
		return usagef("--variants %s: %v", dir, err)
	}
	return nil
}

// withVariant gives a lab run the options of variant name of the folder
// dir (lab run --variants DIR --variant NAME), refusing an --option the
// variant sets itself, and names the variant in its manifest.
func withVariant(cfg *lab.Config, dir, name string, given []string) error {
	switch {
	case name == "" && dir == "":
		return nil
	case name == "":
		return usagef("--variants %s: name the variant to play (--variant NAME)", dir)
	case dir == "":
		return usagef("--variant %s: name the variants' folder (--variants DIR)", name)
	}
	set, err := variant.Load(dir)
	if err != nil {
		return usagef("--variants: %v", err)
	}
	v, err := set.Find(cfg.Game, name)
	if err != nil {
		return usagef("--variant: %v", err)
	}
	fixed, _ := game.ParseOptions(given)
	opts := maps.Clone(cfg.Options)
	for k, val := range v.GameOptions() {
		if _, ok := fixed[k]; ok {
			return usagef("--option %s: the variant %s sets it (%s=%s)", k, v.Name, k, v.Options[k])
		}
		opts[k] = val
	}
	cfg.Options, cfg.Variant = opts, v.Name
	return nil
}
