// Command build makes the generated files of the web app: first
// src/observations.ts, the TypeScript types of the games' observations
// (package obstypes), then the bundle in dist/ (package bundle). It is
// run by go generate in web/:
//
//	go generate ./web/...
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/commons-games/commons/web/internal/bundle"
	"github.com/commons-games/commons/web/internal/obstypes"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "web build:", err)
		os.Exit(1)
	}
}

func run() error {
	types, err := obstypes.Generate()
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(obstypes.File); err != nil || !bytes.Equal(old, types) {
		if err := os.WriteFile(obstypes.File, types, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("web/%s\t%d bytes\n", obstypes.File, len(types))
	files, err := bundle.Build(".")
	if err != nil {
		return err
	}
	if err := bundle.Write("dist", files); err != nil {
		return err
	}
	for _, n := range bundle.Names(files) {
		fmt.Printf("web/dist/%s\t%d bytes\n", n, len(files[n]))
	}
	return nil
}
