// Package python holds the Python package commons (python/commons), which
// drives the games through commons engine, and runs its tests from go
// test: python_test.go builds the commons binary and runs python3 -m
// unittest over python/tests (docs/engine.md). It has no Go code of its
// own.
package python
