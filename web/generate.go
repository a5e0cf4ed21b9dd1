package web

// The bundle under dist/ is checked in, so building Commons needs no
// Node.js and no esbuild at run time; after changing src/ or static/, run
// go generate ./web/... (TestDistUpToDate fails until one does). The
// same command first writes src/observations.ts, the TypeScript types of
// the games' observations, from the Go structs of games/*
// (TestObservationTypesUpToDate fails when a struct has changed since).

//go:generate go run ./internal/build
