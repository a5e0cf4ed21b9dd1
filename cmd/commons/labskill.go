package main

import (
	"errors"
	"flag"
	"io"
)

// labSkillOpts are the flags of lab skill.
type labSkillOpts struct{}

// labSkillFlags registers the flags of lab skill on fs.
func labSkillFlags(fs *flag.FlagSet) *labSkillOpts { return &labSkillOpts{} }

// runLabSkill runs commons lab skill.
func runLabSkill(args []string, stdout, stderr io.Writer) error {
	return errors.New("not yet")
}
