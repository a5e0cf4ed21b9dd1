package main

import (
	"errors"
	"flag"
	"io"
)

// labSweepOpts are the flags of lab sweep.
type labSweepOpts struct{}

// labSweepFlags registers the flags of lab sweep on fs.
func labSweepFlags(fs *flag.FlagSet) *labSweepOpts { return &labSweepOpts{} }

// runLabSweep runs commons lab sweep.
func runLabSweep(args []string, stdout, stderr io.Writer) error {
	return errors.New("not yet")
}
