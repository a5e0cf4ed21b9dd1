// Time in a turn-based match (docs/api.md, Turn-based matches): how long
// a turn has waited, how long is left, a time per move, in words that
// read as well for forty seconds as for three days ("2 d 3 h", "5 h 12
// min", "40 s"). Used by the lobby, the match page's clocks and the
// profile.

import "./turns.css";

// span says a length of time, in milliseconds, in its two largest units.
export function span(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const hr = Math.floor((s % 86400) / 3600);
  const min = Math.floor((s % 3600) / 60);
  if (d > 0) return hr ? `${d} d ${hr} h` : `${d} d`;
  if (hr > 0) return min ? `${hr} h ${min} min` : `${hr} h`;
  if (min > 0) return min >= 10 || s % 60 === 0 ? `${min} min` : `${min} min ${s % 60} s`;
  return `${s} s`;
}

// left is the time until iso, in words; "time is up" once it has passed.
export function left(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  return ms > 0 ? `${span(ms)} left` : "time is up";
}

// waited is how long ago iso was, in words ("waiting 3 h 5 min").
export function waited(iso: string, now = Date.now()): string {
  return span(now - Date.parse(iso));
}

// goDuration reads a Go duration as the server writes it ("24h0m0s",
// "2m0s", "1.5s") into milliseconds; 0 for none or one it cannot read.
export function goDuration(d: string | undefined): number {
  if (!d || d === "off") return 0;
  let ms = 0;
  const units: Record<string, number> = { h: 3600e3, m: 60e3, s: 1e3, ms: 1, us: 1e-3, "µs": 1e-3, ns: 1e-6 };
  const re = /(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g;
  let m: RegExpExecArray | null;
  let read = 0;
  while ((m = re.exec(d))) {
    ms += Number(m[1]) * units[m[2]];
    read += m[0].length;
  }
  return read === d.length ? ms : 0;
}

// perMove says a time per move: "1 d a move".
export function perMove(d: string | undefined): string {
  const ms = goDuration(d);
  return ms ? `${span(ms)} a move` : "";
}

// moveTimes are the times per move a turn-based match offers, the
// default first among equals (marked).
export const moveTimes: { value: string; label: string; default?: boolean }[] = [
  { value: "12h", label: "12 hours a move" },
  { value: "1d", label: "1 day a move", default: true },
  { value: "3d", label: "3 days a move" },
  { value: "7d", label: "7 days a move" },
];

// deadlineWords says when a deadline falls: its time left, and the day
// and hour, as the reader's clock reads them.
export function deadlineWords(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === new Date(now).toDateString();
  const clock = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const day = sameDay ? "today" : at.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" });
  return `${left(iso, now)} (${day}, ${clock})`;
}
