package account

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, tc := range []struct {
		name string
		bad  string // a word of the error; "" for a good name
	}{
		{"Ada", ""},
		{"Ada Lovelace", ""},
		{"grace_hopper-1906", ""},
		{"Émilie du Châtelet", ""},
		{"李白", ""},
		{strings.Repeat("x", 40), ""},
		{"", "empty"},
		{strings.Repeat("x", 41), "at most 40"},
		{strings.Repeat("é", 21), "at most 40"}, // 42 bytes
		{" Ada", "space"},
		{"Ada ", "space"},
		{"Ada\tL", "printable"},
		{"Ada\nL", "printable"},
		{"Ada\u200bL", "printable"}, // a zero-width space
		{"Ada\u202eL", "printable"}, // right-to-left override
		{"a/b", "slash"},
		{"\xff", "UTF-8"},
	} {
		err := CheckName(tc.name)
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("CheckName(%q) = %v, want nil", tc.name, err)
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad)):
			t.Errorf("CheckName(%q) = %v, want an error saying %q", tc.name, err, tc.bad)
		}
	}
}

// TestKeyIgnoresCase: names equal ignoring case have one key, others
// not.
func TestKeyIgnoresCase(t *testing.T) {
	same := [][]string{
		{"Ada", "ADA", "ada", "aDa"},
		{"Kelvin", "\u212aelvin"}, // the Kelvin sign folds with K
		{"Straße", "STRAßE"},
		{"Σίσυφος", "ΣΊΣΥΦΟΣ", "σίσυφος", "ςίσυφος"},
	}
	for _, names := range same {
		for _, n := range names[1:] {
			if Key(n) != Key(names[0]) {
				t.Errorf("Key(%q) = %q, Key(%q) = %q: want one key", n, Key(n), names[0], Key(names[0]))
			}
			if !strings.EqualFold(n, names[0]) {
				t.Errorf("the test is wrong: %q and %q are not equal ignoring case", n, names[0])
			}
		}
	}
	for _, pair := range [][2]string{{"Ada", "Adam"}, {"Ada", "Ada "}, {"ada", "adá"}} {
		if Key(pair[0]) == Key(pair[1]) {
			t.Errorf("Key(%q) = Key(%q): want two keys", pair[0], pair[1])
		}
	}
}

// fast are parameters that keep the tests quick; the parameters in use
// are RFC9106's (TestRFC9106Parameters).
var fast = Params{Time: 1, Memory: 64, Threads: 1, SaltBytes: 16, KeyBytes: 32}

func TestPasswordRoundTrip(t *testing.T) {
	h, err := HashPassword("correct horse battery staple", fast)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %q is not an argon2id PHC string of the parameters", h)
	}
	if err := VerifyPassword(h, "correct horse battery staple"); err != nil {
		t.Fatalf("the right password: %v", err)
	}
	for _, wrong := range []string{"", "correct horse battery stapl", "Correct horse battery staple", "correct horse battery staple "} {
		if err := VerifyPassword(h, wrong); !errors.Is(err, ErrWrongPassword) {
			t.Errorf("password %q: %v, want ErrWrongPassword", wrong, err)
		}
	}
	h2, _ := HashPassword("correct horse battery staple", fast)
	if h2 == h {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
}

// TestRFC9106Parameters: the parameters hashes are made with are RFC
// 9106's second recommendation, and a hash made with them says so.
func TestRFC9106Parameters(t *testing.T) {
	if RFC9106 != (Params{Time: 3, Memory: 65536, Threads: 4, SaltBytes: 16, KeyBytes: 32}) {
		t.Fatalf("RFC9106 = %+v", RFC9106)
	}
	if testing.Short() {
		t.Skip("a hash of 64 MiB in -short")
	}
	h, err := HashPassword("a password", RFC9106)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=3,p=4$") || NeedsRehash(h, RFC9106) {
		t.Fatalf("hash %q", h)
	}
	if err := VerifyPassword(h, "a password"); err != nil {
		t.Fatal(err)
	}
	if !NeedsRehash(h, fast) {
		t.Fatal("NeedsRehash does not see other parameters")
	}
}

// TestVerifyPasswordRefusesBadHashes: a hash that is not one, or asks
// for more than a gigabyte, is an error, not a wrong password nor a
// server out of memory.
func TestVerifyPasswordRefusesBadHashes(t *testing.T) {
	good, _ := HashPassword("password", fast)
	parts := strings.Split(good, "$")
	for _, h := range []string{
		"",
		"plain text",
		"$argon2i$v=19$m=64,t=1,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=16$m=64,t=1,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=64,t=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=4194304,t=1,p=1$" + parts[4] + "$" + parts[5], // 4 GiB
		"$argon2id$v=19$m=64,t=0,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=64,t=1,p=1$!!$" + parts[5],
		"$argon2id$v=19$m=64,t=1,p=1$" + parts[4] + "$c2hvcnQ",
	} {
		err := VerifyPassword(h, "password")
		if err == nil || errors.Is(err, ErrWrongPassword) {
			t.Errorf("VerifyPassword(%q) = %v, want an error about the hash", h, err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	for pw, ok := range map[string]bool{
		"":                        false,
		"1234567":                 false,
		"12345678":                true,
		strings.Repeat("x", 1024): true,
		strings.Repeat("x", 1025): false,
	} {
		if err := CheckPassword(pw); (err == nil) != ok {
			t.Errorf("CheckPassword(%d bytes) = %v", len(pw), err)
		}
	}
}

func ExampleKey() {
	fmt.Println(Key("Ada") == Key("ADA"), Key("Ada") == Key("Adam"))
	// Output: true false
}

func ExampleHashPassword() {
	hash, err := HashPassword("correct horse battery staple", RFC9106)
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.SplitN(hash, "$", 5)[1:4])
	fmt.Println(VerifyPassword(hash, "correct horse battery staple"))
	fmt.Println(VerifyPassword(hash, "Tr0ub4dor&3"))
	// Output:
	// [argon2id v=19 m=65536,t=3,p=4]
	// <nil>
	// wrong password
}
