package main

import (
	"errors"
	"flag"
	"io"
)

// labImportOpts are the flags of lab import.
type labImportOpts struct{}

// labImportFlags registers the flags of lab import on fs.
func labImportFlags(fs *flag.FlagSet) *labImportOpts { return &labImportOpts{} }

// runLabImport runs commons lab import.
func runLabImport(args []string, stdout, stderr io.Writer) error {
	return errors.New("not yet")
}
