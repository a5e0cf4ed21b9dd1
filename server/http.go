package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"
)

// apiError is an error with the HTTP status it is answered with, as
// {"error": Msg}.
type apiError struct {
	Status int
	Msg    string
	// RetryAfter, if set, is sent as the Retry-After header (a limit's
	// 429).
	RetryAfter time.Duration
}

func (e *apiError) Error() string { return e.Msg }

func errorf(status int, format string, args ...any) *apiError {
	return &apiError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// handle turns a handler that returns an error into an http.Handler that
// answers {"error": ...} with the error's status.
func (s *Server) handle(fn func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := checkRequestText(r)
		if err == nil {
			err = fn(w, r)
		}
		if err == nil {
			return
		}
		var ae *apiError
		if !errors.As(err, &ae) {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				ae = errorf(http.StatusServiceUnavailable, "timed out")
			} else {
				s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
				ae = errorf(http.StatusInternalServerError, "internal error")
			}
		}
		if ae.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(retryIn(ae.RetryAfter)/time.Second)))
		}
		writeJSON(w, ae.Status, map[string]string{"error": ae.Msg})
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(marshal(v))
	w.Write([]byte("\n"))
}

// statusWriter records the status code for the request log and metrics.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket upgrade) reach
// the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs each request (never its query: a WebSocket URL may
// carry a seat token) and counts it.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		code := sw.code
		if code == 0 {
			code = http.StatusSwitchingProtocols // hijacked by the WebSocket
		}
		s.metrics.requests.WithLabelValues(methodLabel(r.Method), strconv.Itoa(code)).Inc()
		level := slog.LevelInfo
		if r.URL.Path == "/metrics" || r.URL.Path == "/healthz" || code < 400 && r.Method == http.MethodGet {
			level = slog.LevelDebug
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", code,
			"duration", time.Since(start).Round(time.Microsecond), "remote", r.RemoteAddr)
	})
}

// methodLabel is a request's method as the metrics count it: one of
// HTTP's, or "other", since a client may send any word and each label
// value is a series kept for ever.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return method
	}
	return "other"
}

// decode reads a JSON request body into v (see decodeJSON), at most
// MaxBodyBytes. An empty body is allowed when optional.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any, optional bool) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return errorf(http.StatusRequestEntityTooLarge, "request body over %d bytes", mbe.Limit)
	case err != nil:
		return errorf(http.StatusBadRequest, "reading the request body: %v", err)
	case len(bytes.TrimSpace(data)) == 0 && optional:
		return nil
	case len(bytes.TrimSpace(data)) == 0:
		return errorf(http.StatusBadRequest, "empty request body: want a JSON object")
	}
	if err := decodeJSON(data, v); err != nil {
		return errorf(http.StatusBadRequest, "%s", jsonMessage(err))
	}
	return nil
}

// decodeJSON reads data, one JSON value, into v: no unknown fields, no
// key given twice in an object, nothing after the value, and every
// string text: UTF-8, without an escape of a lone surrogate (see
// jsonWalk). (encoding/json keeps the last of two equal keys, matched
// ignoring case; another reader of the same text, a proxy that checked
// it, may keep the first. It reads bytes that are not UTF-8, and lone
// surrogates, as U+FFFD: a name stored as other than what was sent.)
func decodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err != nil {
		err = apiTermsError(err, v)
	} else if _, tokErr := dec.Token(); tokErr != io.EOF {
		err = errors.New("data after the JSON object")
	}
	if err != nil {
		// Decode's error may be about text it read with U+FFFD in it
		// (an unknown field "na\ufffdme"): the text's own fault comes
		// first. The walk stops at the first syntax error, which Decode
		// reported already.
		var te *textError
		if !utf8.Valid(data) || bytes.Contains(data, []byte(`\u`)) {
			if terr := newJSONWalk(data, true).value(""); errors.As(terr, &te) {
				return te
			}
		}
		return err
	}
	// The value is well formed (Decode also bounds its nesting), so the
	// walk below meets no syntax error.
	return newJSONWalk(data, false).value("")
}
