// Package bundle builds the web app: it bundles the TypeScript under
// web/src into one JavaScript file and one style sheet with esbuild, and
// copies the static files of web/static beside them. The output is a
// pure function of the sources and of esbuild's version (pinned in
// go.mod), so the bundle checked in under web/dist can be rebuilt and
// compared byte for byte.
package bundle

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Entry is the TypeScript entry point, relative to the web directory.
const Entry = "src/main.ts"

// Build bundles the app found in webDir (the directory holding src/ and
// static/) and returns the files of dist/ by name.
func Build(webDir string) (map[string][]byte, error) {
	abs, err := filepath.Abs(webDir)
	if err != nil {
		return nil, err
	}
	res := api.Build(api.BuildOptions{
		AbsWorkingDir: abs,
		EntryPoints:   []string{Entry},
		Bundle:        true,
		// app.js and app.css: esbuild names the style sheet after the
		// script when main.ts imports style.css.
		Outfile:  "dist/app.js",
		Write:    false,
		Format:   api.FormatIIFE,
		Platform: api.PlatformBrowser,
		// Every browser of the last years; phones included.
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		LegalComments:     api.LegalCommentsNone,
		Charset:           api.CharsetUTF8,
		Sourcemap:         api.SourceMapNone,
		Loader:            map[string]api.Loader{".css": api.LoaderCSS},
		LogLevel:          api.LogLevelSilent,
		TsconfigRaw:       `{"compilerOptions": {"strict": true, "target": "ES2020"}}`,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, fmt.Errorf("esbuild:\n%s", strings.Join(msgs, ""))
	}
	out := map[string][]byte{}
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(filepath.Join(abs, "dist"), f.Path)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("esbuild wrote %s outside dist", f.Path)
		}
		out[filepath.ToSlash(rel)] = f.Contents
	}
	static := filepath.Join(abs, "static")
	err = filepath.WalkDir(static, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(static, path)
		rel = filepath.ToSlash(rel)
		if _, dup := out[rel]; dup {
			return fmt.Errorf("static/%s has the name of a bundled file", rel)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out[rel] = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Write makes distDir hold exactly files: it writes those that changed
// and removes any other file.
func Write(distDir string, files map[string][]byte) error {
	if err := os.MkdirAll(distDir, 0o755); err != nil {
		return err
	}
	old, err := Read(distDir)
	if err != nil {
		return err
	}
	for name := range old {
		if _, keep := files[name]; !keep {
			if err := os.Remove(filepath.Join(distDir, filepath.FromSlash(name))); err != nil {
				return err
			}
		}
	}
	for _, name := range Names(files) {
		if bytes.Equal(old[name], files[name]) {
			if _, ok := old[name]; ok {
				continue
			}
		}
		p := filepath.Join(distDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Read returns the files under dir by slash-separated relative name.
func Read(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		b, err := os.ReadFile(path)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if os.IsNotExist(err) {
		return out, nil
	}
	return out, err
}

// Names returns the names of files in order.
func Names(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
