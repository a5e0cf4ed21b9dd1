package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's parameters: Time passes over Memory KiB with
// Threads lanes, a salt of SaltBytes and a hash of KeyBytes.
type Params struct {
	Time      uint32
	Memory    uint32 // KiB
	Threads   uint8
	SaltBytes int
	KeyBytes  uint32
}

// RFC9106 are the parameters of RFC 9106's second recommended option
// (section 4): t=3 passes over 64 MiB with 4 lanes, a 128-bit salt and a
// 256-bit hash. The first option asks for 2 GiB a hash, more than a
// server that hashes at each sign-up and sign-in should give; the second
// is the one the RFC names for when less memory is at hand. A hash takes
// about 100 ms on one core of this project's machines.
var RFC9106 = Params{Time: 3, Memory: 64 * 1024, Threads: 4, SaltBytes: 16, KeyBytes: 32}

// MinPasswordBytes and MaxPasswordBytes bound a password: at least 8
// bytes (NIST SP 800-63B's least), at most 1024, so that nobody has the
// server hash a megabyte.
const (
	MinPasswordBytes = 8
	MaxPasswordBytes = 1024
)

// CheckPassword says what is wrong with a new password, or nil.
func CheckPassword(password string) error {
	switch {
	case len(password) < MinPasswordBytes:
		return fmt.Errorf("password of %d bytes: at least %d", len(password), MinPasswordBytes)
	case len(password) > MaxPasswordBytes:
		return fmt.Errorf("password of %d bytes: at most %d", len(password), MaxPasswordBytes)
	}
	return nil
}

var b64 = base64.RawStdEncoding

// HashPassword returns password hashed with argon2id under p and a new
// random salt, as a PHC string
// ("$argon2id$v=19$m=65536,t=3,p=4$SALT$HASH"), which keeps the
// parameters with the hash: VerifyPassword reads them from it, so that
// raising them later leaves older hashes good.
func HashPassword(password string, p Params) (string, error) {
	if p.Time == 0 || p.Memory == 0 || p.Threads == 0 || p.SaltBytes < 8 || p.KeyBytes < 16 {
		return "", fmt.Errorf("argon2id parameters %+v: want time, memory and threads above 0, a salt of 8 bytes or more and a key of 16 or more", p)
	}
	salt := make([]byte, p.SaltBytes)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyBytes)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrWrongPassword is VerifyPassword's answer to a password that is not
// the one hashed.
var ErrWrongPassword = errors.New("wrong password")

// maxVerifyMemory bounds the memory a stored hash may ask VerifyPassword
// for (1 GiB), so that a corrupt or planted hash cannot take the
// server's memory.
const maxVerifyMemory = 1 << 20

// VerifyPassword reports whether password is the one hash was made of:
// nil if so, ErrWrongPassword if not, another error for a hash that is
// not a PHC string of argon2id this package can read. The hashes are
// compared in constant time.
func VerifyPassword(hash, password string) error {
	p, salt, key, err := parseHash(hash)
	if err != nil {
		return err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	if subtle.ConstantTimeCompare(got, key) != 1 {
		return ErrWrongPassword
	}
	return nil
}

// NeedsRehash reports whether hash was made with parameters other than
// p: a sign-in that verified the password may then store a new hash.
func NeedsRehash(hash string, p Params) bool {
	q, salt, key, err := parseHash(hash)
	return err != nil || q.Time != p.Time || q.Memory != p.Memory || q.Threads != p.Threads ||
		len(salt) != p.SaltBytes || len(key) != int(p.KeyBytes)
}

func parseHash(hash string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, errors.New("password hash: not an argon2id PHC string")
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, fmt.Errorf("password hash: version %q, want v=%d", parts[2], argon2.Version)
	}
	if n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || n != 3 {
		return p, nil, nil, fmt.Errorf("password hash: parameters %q", parts[3])
	}
	if p.Time == 0 || p.Memory == 0 || p.Threads == 0 || p.Memory > maxVerifyMemory || p.Time > 100 {
		return p, nil, nil, fmt.Errorf("password hash: parameters %q out of bounds", parts[3])
	}
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, errors.New("password hash: salt")
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 {
		return p, nil, nil, errors.New("password hash: hash")
	}
	p.SaltBytes, p.KeyBytes = len(salt), uint32(len(key))
	return p, salt, key, nil
}
