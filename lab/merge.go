package lab

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
)

// Merge joins the shards of one run, each in its own directory, into
// out: a manifest without a shard and every game, sorted by index. The
// shards must be of one run (the same manifest but for the shard), all
// of its shards, each complete; out must not hold a run yet.
func Merge(out string, shards []string) (*Manifest, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("lab: merge: no shard directories")
	}
	var first *Manifest
	var firstDir string
	seen := map[int]string{}
	var all []Result
	for _, dir := range shards {
		d, err := Load(dir)
		if err != nil {
			return nil, err
		}
		m := d.Manifest
		if m.Shard == nil {
			return nil, fmt.Errorf("lab: merge: %s is not a shard (its run has no --shard)", filepath.Join(dir, ManifestFile))
		}
		if first == nil {
			first, firstDir = &m, dir
		} else {
			a, b := *first, m
			a.Shard, b.Shard = &Shard{0, first.Shard.Count}, &Shard{0, m.Shard.Count}
			if !sameRun(&a, &b) {
				return nil, fmt.Errorf("lab: merge: %s and %s are shards of different runs (%s; %s)",
					filepath.Join(firstDir, ManifestFile), filepath.Join(dir, ManifestFile), describe(first), describe(&m))
			}
		}
		if prev, dup := seen[m.Shard.Index]; dup {
			return nil, fmt.Errorf("lab: merge: %s and %s are both shard %s", prev, dir, m.Shard)
		}
		seen[m.Shard.Index] = dir
		want := 0
		for i := range m.Games {
			if m.Shard.Has(i) {
				want++
			}
		}
		if len(d.Results) != want {
			return nil, fmt.Errorf("lab: merge: shard %s in %s has %d of its %d games: run it again to finish it (it resumes)", m.Shard, dir, len(d.Results), want)
		}
		all = append(all, d.Results...)
	}
	for i := range first.Shard.Count {
		if _, ok := seen[i]; !ok {
			return nil, fmt.Errorf("lab: merge: shard %d/%d is missing", i, first.Shard.Count)
		}
	}
	merged := *first
	merged.Shard = nil
	if _, err := os.Stat(filepath.Join(out, ManifestFile)); err == nil {
		return nil, fmt.Errorf("lab: merge: %s already holds a run; merge into a new directory", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	byIndex := make([]*Result, merged.Games)
	for k := range all {
		byIndex[all[k].Index] = &all[k]
	}
	f, err := os.Create(filepath.Join(out, ResultsFile))
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	var line []byte
	for _, r := range byIndex {
		line = appendResult(line[:0], r)
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	if err := writeManifest(out, &merged); err != nil {
		return nil, err
	}
	return &merged, nil
}
