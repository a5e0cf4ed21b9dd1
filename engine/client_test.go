package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"testing"
)

// client is a test's synchronous client of Serve over a pipe.
type client struct {
	t    testing.TB
	w    *io.PipeWriter
	r    *bufio.Reader
	done chan error
}

func newClient(t testing.TB) *client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, w: inW, r: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW, Options{})
		outW.Close()
		c.done <- err
	}()
	return c
}

// call sends one request line and returns its answer.
func (c *client) call(line string) map[string]any {
	c.t.Helper()
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
	ans, err := c.r.ReadBytes('\n')
	if err != nil {
		c.t.Fatalf("%s: no answer: %v", line, err)
	}
	var m map[string]any
	if err := json.Unmarshal(ans, &m); err != nil {
		c.t.Fatalf("%s: the answer %q is not JSON: %v", line, ans, err)
	}
	return m
}

func (c *client) close() {
	c.w.Close()
	if err := <-c.done; err != nil {
		c.t.Errorf("Serve: %v", err)
	}
}
