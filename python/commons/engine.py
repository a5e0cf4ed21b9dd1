"""The ``commons engine`` process and its JSON-lines protocol."""

import atexit
import itertools
import json
import os
import shutil
import subprocess
import threading


class EngineError(Exception):
    """An error answer of the engine: the message names what was wrong."""


def engine_binary():
    """The commons binary: $COMMONS_BIN, else ``commons`` on PATH."""
    path = os.environ.get("COMMONS_BIN")
    if path:
        return path
    found = shutil.which("commons")
    if not found:
        raise EngineError(
            "no commons binary: set COMMONS_BIN or put commons on PATH "
            "(go build ./cmd/commons)"
        )
    return found


class Engine:
    """One ``commons engine`` process; ``call`` sends a request and
    returns its answer (a dict), raising EngineError on an error answer.
    ``call_many`` pipelines several requests. Safe for one thread at a
    time (a lock serialises callers)."""

    def __init__(self, binary=None):
        self.binary = binary or engine_binary()
        self._proc = subprocess.Popen(
            [self.binary, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=1 << 16,
        )
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        # Handles to free, sent with the next request: a State's __del__
        # may run at any moment, even inside a call, so it only notes its
        # handle here (list.append is atomic).
        self._pending_free = []

    @property
    def pid(self):
        return self._proc.pid

    def free_later(self, handle):
        """Free a state handle with the next request."""
        self._pending_free.append(handle)

    def _send(self, reqs):
        frees = []
        while self._pending_free:
            frees.append({"op": "free", "state": self._pending_free.pop()})
        answers = self._send_now(frees + list(reqs))
        return answers[len(frees):]

    def _send_now(self, reqs):
        ids = []
        lines = []
        for req in reqs:
            rid = next(self._ids)
            ids.append(rid)
            req = dict(req)
            req["id"] = rid
            lines.append(json.dumps(req, separators=(",", ":")))
        data = ("\n".join(lines) + "\n").encode()
        if self._proc.poll() is not None:
            raise EngineError("the engine process has exited")
        self._proc.stdin.write(data)
        self._proc.stdin.flush()
        answers = []
        for rid in ids:
            line = self._proc.stdout.readline()
            if not line:
                raise EngineError("the engine process closed its output")
            ans = json.loads(line)
            if ans.get("id") != rid:
                raise EngineError("answer %r out of order (want id %d)" % (ans.get("id"), rid))
            answers.append(ans)
        return answers

    def call(self, op, **fields):
        """Send one request and return its answer."""
        fields["op"] = op
        with self._lock:
            ans = self._send([fields])[0]
        if "error" in ans:
            raise EngineError(ans["error"])
        return ans

    def call_many(self, requests):
        """Send the requests (dicts with "op") at once, pipelined, and
        return their answers in order; error answers are returned, not
        raised (each has an "error" key)."""
        with self._lock:
            return self._send(requests)

    def close(self):
        if self._proc.poll() is None:
            try:
                self._proc.stdin.close()
            except OSError:
                pass
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self._proc.stdout:
            self._proc.stdout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_default = None
_default_lock = threading.Lock()


def default_engine():
    """The engine process this Python process shares, started at first use."""
    global _default
    with _default_lock:
        if _default is None or _default._proc.poll() is not None:
            _default = Engine()
        return _default


def close_default_engine():
    """Stop the shared engine process (it is stopped at exit too)."""
    global _default
    with _default_lock:
        if _default is not None:
            _default.close()
            _default = None


atexit.register(close_default_engine)
