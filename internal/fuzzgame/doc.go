// Package fuzzgame holds the fuzz targets of the engine's inputs that come
// from outside: every registered game's notation parser and move
// application (FuzzPlay), game records (FuzzRecord) and the designers'
// data files that a game option names (FuzzDataFile). Each target finds
// the games through the registry, so a game that joins games/all is
// fuzzed without a line of new code here.
//
// go test runs each target on its seed corpus (testdata/fuzz); go test
// -fuzz runs one for as long as asked (see .ci/fuzz and
// docs/reliability.md).
package fuzzgame
