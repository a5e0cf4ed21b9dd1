// Command build bundles the web app into web/dist (see package bundle).
// It is run by go generate in web/:
//
//	go generate ./web/...
package main

import (
	"fmt"
	"os"

	"github.com/commons-games/commons/web/internal/bundle"
)

func main() {
	files, err := bundle.Build(".")
	if err == nil {
		err = bundle.Write("dist", files)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "web build:", err)
		os.Exit(1)
	}
	for _, n := range bundle.Names(files) {
		fmt.Printf("web/dist/%s\t%d bytes\n", n, len(files[n]))
	}
}
