package main

import (
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
