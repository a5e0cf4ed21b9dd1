package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// fieldError is a JSON value of the wrong type in a request, said in the
// API's terms: the field as the client wrote it and the kind of value it
// wants ("version": want a whole number, not a string), never Go's
// (Go struct field moveRequest.version of type int).
type fieldError struct {
	Field string // "" for the whole body
	// Entry marks a value inside the field (an entry of a list or an
	// object) rather than the field's own value.
	Entry bool
	Want  string
	Got   string
}

func (e *fieldError) Error() string {
	switch {
	case e.Field == "":
		return fmt.Sprintf("want %s, not %s", e.Want, e.Got)
	case e.Entry:
		return fmt.Sprintf("each entry of %s: want %s, not %s", clip(e.Field), e.Want, e.Got)
	}
	return fmt.Sprintf("%s: want %s, not %s", clip(e.Field), e.Want, e.Got)
}

// apiTermsError turns encoding/json's errors about a request into the
// API's words: a value of the wrong type becomes a fieldError, an unknown
// field loses the "json: " of Go's message.
func apiTermsError(err error, v any) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		fe := &fieldError{Field: te.Field, Want: wantOf(te.Type), Got: gotOf(te.Value)}
		if ft := fieldType(reflect.TypeOf(v), te.Field); ft != nil && ft != te.Type {
			if k := ft.Kind(); (k == reflect.Slice || k == reflect.Map) && ft.Elem() == te.Type {
				fe.Entry = true
			}
		}
		return fe
	}
	if msg, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		// Go quotes the name whole: a name of 60,000 bytes would be
		// answered whole.
		if name, err := strconv.Unquote(msg); err == nil {
			msg = clip(name)
		}
		return fmt.Errorf("unknown field %s", msg)
	}
	return err
}

// fieldType is the Go type of the field a dotted path of JSON names
// leads to from t, or nil.
func fieldType(t reflect.Type, path string) reflect.Type {
	if path == "" {
		return nil
	}
	for name := range strings.SplitSeq(path, ".") {
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct {
			return nil
		}
		var next reflect.Type
		for i := range t.NumField() {
			f := t.Field(i)
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if tag == name || tag == "" && strings.EqualFold(f.Name, name) {
				next = f.Type
				break
			}
		}
		t = next
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// jsonMessage is the error message of a request body that does not
// decode: a field's type, an unknown field, or malformed JSON.
func jsonMessage(err error) string {
	var fe *fieldError
	var te *textError
	if errors.As(err, &fe) || errors.As(err, &te) || strings.HasPrefix(err.Error(), "unknown field ") {
		return err.Error()
	}
	return "malformed JSON: " + strings.TrimPrefix(err.Error(), "json: ")
}

// wantOf says what a request field of Go type t takes, in JSON's words.
func wantOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		if e := t.Elem(); e.Kind() == reflect.String {
			return "a list of strings"
		}
		return "a list"
	case reflect.Map:
		if t.Elem().Kind() == reflect.String {
			return `an object of strings, such as {"name": "value"}`
		}
		return "an object"
	case reflect.Struct:
		return "a JSON object {...}"
	}
	return "another kind of value"
}

// gotOf says what a client sent, from UnmarshalTypeError.Value ("string",
// "number 1.5", "array"...).
func gotOf(v string) string {
	if n, ok := strings.CutPrefix(v, "number "); ok {
		if len(n) > maxQuoted {
			return "a number " + clip(n) // the client's digits, which may be many
		}
		return n
	}
	switch v {
	case "array", "object":
		return "an " + v
	case "bool":
		return "true or false"
	case "number":
		return "a number"
	}
	return "a " + v
}
