// Package pgtest starts a throw-away PostgreSQL server for tests: a new
// cluster in a temporary directory (initdb, pg_ctl), listening only on a
// Unix socket in that directory, so nothing else on the machine can reach
// it and no port can clash.
//
// Tests skip when PostgreSQL is not installed, unless the environment
// sets COMMONS_REQUIRE_POSTGRES=1 (CI does), which turns the skip into a
// failure so that a missing install cannot pass unnoticed.
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// RequireEnv is the variable that turns "PostgreSQL is not installed"
// from a skip into a failure.
const RequireEnv = "COMMONS_REQUIRE_POSTGRES"

// Cluster is a running temporary PostgreSQL server.
type Cluster struct {
	dir  string // data directory and socket directory live here
	bin  string // directory of initdb, pg_ctl, postgres
	user string // OS user running the server ("" for the current one)
	n    atomic.Int32
	mu   sync.Mutex
	stop bool
}

// FindBin returns the directory holding initdb and pg_ctl: the newest
// /usr/lib/postgresql/*/bin (Debian's layout), or the one initdb is found
// in on PATH.
func FindBin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int {
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return vb - va
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	return "", fmt.Errorf("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin, no initdb on PATH)")
}

// Start starts a new cluster, or skips the test when PostgreSQL is not
// installed (fails it instead when COMMONS_REQUIRE_POSTGRES=1). The
// caller stops it with Stop.
func Start(tb testing.TB) *Cluster {
	tb.Helper()
	bin, err := FindBin()
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			tb.Fatalf("%v, and %s=1", err, RequireEnv)
		}
		tb.Skipf("%v; set %s=1 to make this a failure", err, RequireEnv)
	}
	c, err := start(bin)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func start(bin string) (*Cluster, error) {
	dir, err := os.MkdirTemp("", "commons-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	// PostgreSQL refuses to run as root: run it as the postgres user,
	// which must own the directory.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root and there is no postgres user to run PostgreSQL as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		c.user = "postgres"
	}
	data := filepath.Join(dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	opts := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories='%s' -c max_connections=200 -c shared_buffers=32MB", dir)
	if out, err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	return c, nil
}

func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, prog)
	var cmd *exec.Cmd
	if c.user != "" {
		cmd = exec.Command("runuser", append([]string{"-u", c.user, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

// DSN returns the connection string of database db.
func (c *Cluster) DSN(db string) string {
	return fmt.Sprintf("postgres://postgres@/%s?host=%s&sslmode=disable", db, c.dir)
}

// NewDatabase creates an empty database and returns its DSN.
func (c *Cluster) NewDatabase(tb testing.TB) string {
	tb.Helper()
	name := fmt.Sprintf("test%d", c.n.Add(1))
	db, err := sql.Open("pgx", c.DSN("postgres"))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		tb.Fatalf("create database: %v", err)
	}
	return c.DSN(name)
}

// Stop stops the server at once and deletes its directory.
func (c *Cluster) Stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stop {
		return
	}
	c.stop = true
	c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(c.dir)
}

var shared struct {
	sync.Mutex
	c *Cluster
}

// Shared returns a cluster shared by the tests of a package, started on
// first use; the package's TestMain must call Main so that it is stopped.
// Like Start it skips (or fails) when PostgreSQL is not installed.
func Shared(tb testing.TB) *Cluster {
	tb.Helper()
	shared.Lock()
	defer shared.Unlock()
	if shared.c == nil {
		shared.c = Start(tb)
	}
	return shared.c
}

// Main runs the tests and then stops the shared cluster, if one was
// started. Use it as os.Exit(pgtest.Main(m)) in TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	shared.Lock()
	if shared.c != nil {
		shared.c.Stop()
	}
	shared.Unlock()
	return code
}
