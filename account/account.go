// Package account holds what the server checks of a person's account
// before it stores it: the name (CheckName, Key) and the password
// (HashPassword, VerifyPassword). The accounts themselves are kept by the
// store (store.People); signing in, sessions and passkeys are the
// server's (docs/api.md, Accounts).
package account

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameBytes is the longest name, in bytes of UTF-8.
const MaxNameBytes = 40

// CheckName says what is wrong with name as an account's name, or nil:
// 1 to MaxNameBytes bytes of UTF-8, every character printable (letters,
// marks, numbers, punctuation, symbols and the ASCII space), no space at
// either end, and no slash, since the name is the last part of the
// profile's address (/u/NAME).
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("empty name")
	case len(name) > MaxNameBytes:
		return fmt.Errorf("name of %d bytes: at most %d", len(name), MaxNameBytes)
	case !utf8.ValidString(name):
		return errors.New("name not UTF-8")
	case strings.TrimSpace(name) != name:
		return errors.New("name begins or ends with a space")
	case strings.ContainsRune(name, '/'):
		return errors.New("name with a slash: a name is part of its profile's address")
	}
	for _, c := range name {
		if !unicode.IsPrint(c) {
			return fmt.Errorf("name with the character %U: only printable characters", c)
		}
	}
	return nil
}

// Key returns the name folded: two names have one key exactly when they
// are equal ignoring case, as strings.EqualFold sees them ("Ada", "ADA"
// and "ada"; the Kelvin sign and "k"). Each character becomes the
// smallest of the characters Unicode folds together with it.
func Key(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for _, c := range name {
		least := c
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}
