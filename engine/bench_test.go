package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"testing"
	"time"
)

// BenchmarkPipe measures the requests a second Serve answers over an OS
// pipe pair (os.Pipe, as a client process would talk to commons engine)
// from a pipelined Go client: a writer goroutine sends b.N requests, a
// window of at most 4,096 ahead of the answers read, while the reader
// counts the answer lines. The requests are a Source state's, in
// rounds of 64: free the last clone, clone the root, play a move on it
// (op bot random), then 61 reads cycling over legal, shape,
// player, status, terminal, returns, chance and legal. It reports req/s;
// the target is 200,000.
func BenchmarkPipe(b *testing.B) {
	inR, inW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	served := make(chan error, 1)
	go func() {
		err := Serve(context.Background(), inR, outW, Options{})
		outW.Close()
		served <- err
	}()
	w := bufio.NewWriterSize(inW, 64<<10)
	r := bufio.NewReaderSize(outR, 64<<10)
	// The state 1 is the root; 2.. are clones played on.
	fmt.Fprintln(w, `{"id":0,"op":"new","game":"source","seed":1}`)
	w.Flush()
	if _, err := r.ReadBytes('\n'); err != nil {
		b.Fatal(err)
	}
	const window = 4096
	credits := make(chan struct{}, window)
	for range window {
		credits <- struct{}{}
	}
	// Every request is answered without an error: each clone plays one
	// move (op bot random, a legal move whatever the state) and is read
	// in between.
	cycle := []string{
		`{"id":%d,"op":"legal","state":%d}`,
		`{"id":%d,"op":"shape","state":%d}`,
		`{"id":%d,"op":"player","state":%d}`,
		`{"id":%d,"op":"status","state":%d}`,
		`{"id":%d,"op":"terminal","state":%d}`,
		`{"id":%d,"op":"returns","state":%d}`,
		`{"id":%d,"op":"chance","state":%d}`,
		`{"id":%d,"op":"legal","state":%d}`,
	}
	b.ResetTimer()
	start := time.Now()
	go func() {
		h := int64(1)
		var buf []byte
		for i := 0; i < b.N; i++ {
			<-credits
			buf = buf[:0]
			switch {
			case i%64 == 0:
				if h > 1 {
					buf = fmt.Appendf(buf, `{"id":%d,"op":"free","state":%d}`+"\n", i, h)
				} else {
					buf = fmt.Appendf(buf, `{"id":%d,"op":"player","state":1}`+"\n", i)
				}
			case i%64 == 1:
				buf = fmt.Appendf(buf, `{"id":%d,"op":"clone","state":1}`+"\n", i)
				h = nextHandle(h)
			case i%64 == 2:
				buf = fmt.Appendf(buf, `{"id":%d,"op":"bot","state":%d,"bot":"random","apply":true,"seed":%d}`+"\n", i, h, i)
			default:
				buf = fmt.Appendf(buf, cycle[i%len(cycle)]+"\n", i, h)
			}
			w.Write(buf)
			if len(credits) == 0 || i == b.N-1 {
				w.Flush()
			}
		}
		w.Flush()
	}()
	for i := 0; i < b.N; i++ {
		line, err := r.ReadSlice('\n')
		if err != nil {
			b.Fatal(err)
		}
		if containsError(line) {
			b.Fatalf("request %d: %s", i, line)
		}
		credits <- struct{}{}
	}
	elapsed := time.Since(start)
	b.StopTimer()
	inW.Close()
	io.Copy(io.Discard, r)
	if err := <-served; err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
}

// nextHandle is the handle the next clone gets: handles count up from 1
// and the root is 1.
func nextHandle(h int64) int64 {
	if h == 1 {
		return 2
	}
	return h + 1
}

func containsError(line []byte) bool {
	for i := 0; i+8 <= len(line); i++ {
		if string(line[i:i+8]) == `"error":` {
			return true
		}
	}
	return false
}
