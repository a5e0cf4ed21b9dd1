package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// wsRoute is the WebSocket's route, the one URL that may carry a seat
// token in its query (browsers cannot set headers on a WebSocket).
const wsRoute = "GET /api/matches/{id}/ws"

// checkRequestText refuses, before a handler reads them, what a
// request's URL says wrongly: a path or query value that is not UTF-8
// (Go's decoders would read each bad byte as U+FFFD, or a handler would
// compare bytes nobody meant: "sou\xffrce" is no game's name), a query
// value over maxQueryBytes, a match ID over maxIDBytes, and a seat
// token in the query string of anything but the WebSocket.
func checkRequestText(r *http.Request) error {
	for _, name := range wildcards(r.Pattern) {
		if !utf8.ValidString(r.PathValue(name)) {
			return errorf(http.StatusBadRequest, "{%s} in the path is not valid UTF-8", name)
		}
	}
	if id := r.PathValue("id"); len(id) > maxIDBytes {
		// Not an ID we would make, nor one worth a look in the store.
		return errorf(http.StatusNotFound, "no match %s: an ID is at most %d bytes", clip(id), maxIDBytes)
	}
	q := r.URL.Query()
	if q.Has("token") && r.Pattern != wsRoute {
		// Refused, not ignored: ignored, the request would be a
		// spectator's, and the mistake would show as a seat that sees
		// nothing or a 401, not as the token left in a log.
		return errorf(http.StatusBadRequest, "a seat token in the query string (?token=) is taken on the WebSocket's URL only, since query strings end up in logs and proxies: send it as the header Authorization: Bearer TOKEN")
	}
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if !utf8.ValidString(k) {
			return errorf(http.StatusBadRequest, "the name of query parameter %s is not valid UTF-8", clip(k))
		}
		for _, v := range q[k] {
			if !utf8.ValidString(v) {
				return errorf(http.StatusBadRequest, "query parameter %s is not valid UTF-8", clip(k))
			}
			if len(v) > maxQueryBytes {
				// The value is not quoted: it may be a seat token.
				return errorf(http.StatusBadRequest, "query parameter %s (%d bytes): at most %d bytes", clip(k), len(v), maxQueryBytes)
			}
		}
	}
	return nil
}

// wildcards returns the names of a ServeMux pattern's wildcards: "id" and
// "seat" for "POST /api/matches/{id}/seats/{seat}/bot".
func wildcards(pattern string) []string {
	var names []string
	for {
		i := strings.IndexByte(pattern, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(pattern[i:], '}')
		if j < 0 {
			return names
		}
		if name := strings.TrimSuffix(pattern[i+1:i+j], "..."); name != "$" {
			names = append(names, name)
		}
		pattern = pattern[i+j+1:]
	}
}

// textError is a JSON string (a key or a value) that is not text: bytes
// that are not UTF-8, or an escape of half a surrogate pair, which
// encoding/json would both read as U+FFFD.
type textError struct {
	Path string // the field, as jsonWalk names it; "" for the whole value
	Key  bool   // a key of the object at Path, not Path's value
	// Escape is the lone surrogate's escape as written (`\ud800`); ""
	// for bytes that are not UTF-8.
	Escape string
}

func (e *textError) Error() string {
	what := "the JSON value"
	switch {
	case e.Key && e.Path == "":
		what = "a key"
	case e.Key:
		what = "a key in " + clip(e.Path)
	case e.Path != "":
		what = clip(e.Path)
	}
	if e.Escape != "" {
		return what + ": a lone surrogate " + e.Escape + ", half of a UTF-16 pair without its other half"
	}
	return what + " is not valid UTF-8"
}

// checkRawString checks a JSON string token as written (raw, with any
// whitespace, comma or colon before it): UTF-8, with every surrogate
// escape (\uD800-\uDFFF) one of a high-low pair. It returns the lone
// surrogate's escape, or ok false for bytes that are not UTF-8.
func checkRawString(raw []byte) (escape string, ok bool) {
	if !utf8.Valid(raw) {
		return "", false
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if i+1 < len(raw) && raw[i+1] != 'u' {
			i++ // \" \\ \n ...: the escaped byte is no escape's start
			continue
		}
		c, ok := surrogateAt(raw, i)
		if !ok {
			i++
			continue
		}
		if c < 0xDC00 { // a high surrogate: a low one must follow
			if d, ok := surrogateAt(raw, i+6); ok && d >= 0xDC00 {
				i += 11
				continue
			}
		}
		return string(raw[i : i+6]), true
	}
	return "", true
}

// surrogateAt reads the escape \uXXXX at raw[i:] and reports whether it
// is a surrogate's (D800 to DFFF).
func surrogateAt(raw []byte, i int) (rune, bool) {
	if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
		return 0, false
	}
	c, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
	if err != nil || c < 0xD800 || c > 0xDFFF {
		return 0, false
	}
	return rune(c), true
}

// jsonWalk reads one JSON value token by token (json.Decoder.Token),
// checking what Decode lets through: a key given twice in one object
// (compared ignoring case, as encoding/json matches fields), and strings
// that are not text (textError). The raw bytes of each token are
// data[offset before:offset after], so each string is checked as the
// client wrote it, not as Go decoded it.
type jsonWalk struct {
	dec  *json.Decoder
	data []byte
	// textOnly checks the strings only, not the keys given twice.
	textOnly bool
}

func newJSONWalk(data []byte, textOnly bool) *jsonWalk {
	w := &jsonWalk{dec: json.NewDecoder(bytes.NewReader(data)), data: data, textOnly: textOnly}
	w.dec.UseNumber()
	return w
}

// next reads a token and returns its raw bytes with it.
func (w *jsonWalk) next() (json.Token, []byte, error) {
	from := w.dec.InputOffset()
	tok, err := w.dec.Token()
	if err != nil {
		return nil, nil, err
	}
	return tok, w.data[from:w.dec.InputOffset()], nil
}

// value walks the value at path: "name", "options.start", "seats[1]".
func (w *jsonWalk) value(path string) error {
	tok, raw, err := w.next()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for w.dec.More() {
			k, raw, err := w.next()
			if err != nil {
				return err
			}
			if escape, ok := checkRawString(raw); !ok || escape != "" {
				return &textError{Path: path, Key: true, Escape: escape}
			}
			key, _ := k.(string)
			if folded := strings.ToLower(key); !w.textOnly && seen[folded] {
				return fmt.Errorf("key %s given twice", clip(key))
			} else {
				seen[folded] = true
			}
			field := key
			if path != "" {
				field = path + "." + key
			}
			if err := w.value(field); err != nil {
				return err
			}
		}
	case json.Delim('['):
		for i := 0; w.dec.More(); i++ {
			if err := w.value(fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	default:
		if _, isString := tok.(string); isString {
			if escape, ok := checkRawString(raw); !ok || escape != "" {
				return &textError{Path: path, Escape: escape}
			}
		}
		return nil
	}
	_, _, err = w.next() // the closing delimiter
	return err
}
