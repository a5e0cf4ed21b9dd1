package main

import (
	"errors"
	"flag"
	"io"
)

// labTuneOpts are the flags of lab tune.
type labTuneOpts struct{}

// labTuneFlags registers the flags of lab tune on fs.
func labTuneFlags(fs *flag.FlagSet) *labTuneOpts { return &labTuneOpts{} }

// runLabTune runs commons lab tune.
func runLabTune(args []string, stdout, stderr io.Writer) error {
	return errors.New("not yet")
}
