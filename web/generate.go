package web

// The bundle under dist/ is checked in, so building Commons needs no
// Node.js and no esbuild at run time; after changing src/ or static/, run
// go generate ./web/... (TestDistUpToDate fails until one does).

//go:generate go run ./internal/build
