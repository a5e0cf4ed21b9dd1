// The server's HTTP API (docs/api.md) and the seat tokens kept in the
// browser.

export interface OptionSpec {
  name: string;
  default: string;
  values?: string[];
  doc: string;
  path?: boolean;
}

export interface GameInfo {
  name: string;
  title: string;
  summary: string;
  min_players: number;
  max_players: number;
  options: OptionSpec[];
  chance: boolean;
  hidden_information: boolean;
  doc?: string;
  scripts?: { name: string; doc: string }[];
  // params: the numbers and rules a designer may tune (game.Param), each
  // an option with the values worth trying; the lobby offers a number's
  // values as it offers a rule's.
  params?: { option: string; values: string[]; numeric?: boolean; doc: string }[];
  // variants: the server operator's variants of the game (docs/api.md,
  // "Variants"), chosen by name when a match is created.
  variants?: Variant[];
}

// Variant is a named option set of a game, with a data table of the
// server's (its tiles, its cards) named by the table's hash: a client
// names the variant, never a file.
export interface Variant {
  name: string;
  title: string;
  description?: string;
  options?: Record<string, string>;
  tables?: string[];
  data?: string;
}

// MatchVariant is the variant a match is played as.
export interface MatchVariant {
  name: string;
  title: string;
  data?: string;
}

export interface SeatView {
  seat: number;
  kind: "human" | "bot";
  bot?: string;
  name?: string;
  taken: boolean;
  // account: the seat's person is signed in, and name is the account's
  // (its profile is /u/NAME); a guest's name is any it chose.
  account?: boolean;
}

export type Status = "open" | "running" | "over";

export interface MatchView {
  id: string;
  game: string;
  title?: string;
  players: number;
  options: Record<string, string>;
  hidden_information: boolean;
  status: Status;
  version: number;
  seats: SeatView[];
  free_seats: number;
  settings: Record<string, string>;
  to_move?: number;
  deadline?: string;
  result?: number[];
  rematch?: string;
  rematch_of?: string;
  created: string;
  draws?: boolean;
  draw_offer?: number[];
  end?: End;
  abandoned?: string;
  expires?: string;
  // rated: only accounts play it, and its end changes their ratings.
  rated?: boolean;
  // turn_based: played a move when it suits each player, with a time
  // per move of hours or days (settings.turn_timer); take_over: seats
  // whose person ran out of time, offered to whoever takes them over;
  // out_of_time: seats out of time two turns in a row, for which the
  // others choose (docs/api.md, Turn-based matches).
  turn_based?: boolean;
  take_over?: number[];
  out_of_time?: number[];
  // variant: the server's variant the match is played as; none for the
  // game's own rules.
  variant?: MatchVariant;
}

// End is how a match ended other than by its game's rules.
export interface End {
  reason: "resignation" | "draw" | "abandoned" | "timeout";
  seat?: number;
  returns: number[];
}

// endText says how a match ended other than by its rules, as seen by
// viewer (0: a spectator).
export function endText(end: End, name: (seat: number) => string, viewer: number): string {
  switch (end.reason) {
    case "resignation":
      if (end.seat === viewer) return "You resigned.";
      return `${name(end.seat || 0)} resigned${viewer ? ": you win" + (end.returns[viewer - 1] < 1 ? " with the others" : "") : ""}.`;
    case "draw":
      return "A draw, agreed by the players.";
    case "abandoned":
      return "The match was abandoned: its players left, and nobody wins.";
    case "timeout":
      if (end.seat === viewer) return "Your time ran out two turns in a row: the match ended, and you lose.";
      return `${name(end.seat || 0)} ran out of time two turns in a row: the match ended${viewer ? ", and you win" + (end.returns[viewer - 1] < 1 ? " with the others" : "") : ""}.`;
  }
  return "";
}

export interface SeatAnswer {
  match: MatchView;
  seat?: number;
  token?: string;
}

export interface Entry {
  n: number;
  seat?: number;
  move: string;
  // mark: the server moved for the seat's person ("timeout": their time
  // ran out and the timeout bot moved; "forced": their only legal move).
  mark?: "timeout" | "forced";
}

export interface StateMsg {
  type: "state";
  match: string;
  game: string;
  title: string;
  version: number;
  status: Status;
  seat: number;
  to_move: number;
  your_turn: boolean;
  legal?: string[];
  deadline?: string;
  observation: unknown;
  text?: string;
  from: number;
  moves: Entry[];
  seats: SeatView[];
  result?: number[];
  scores?: number[];
  rematch?: string;
  draws?: boolean;
  draw_offer?: number[];
  end?: End;
  abandoned?: string;
  teams?: boolean;
  // The turn-based match's (docs/api.md): move_time is its time per
  // move (a Go duration, "24h0m0s"); take_over and out_of_time as in
  // MatchView; undo, how many entries the viewer may take back now.
  turn_based?: boolean;
  move_time?: string;
  take_over?: number[];
  out_of_time?: number[];
  undo?: number;
}

// ReplayPage is a page of a match's replay (GET
// /api/matches/{id}/replay?page=K, docs/api.md): what every page says,
// the record's entries on page 0, and the page's positions, the first
// whole and each other as a patch of the one before (applyPatch).
export interface ReplayPage {
  game: string;
  title: string;
  players: number;
  options: Record<string, string>;
  viewer: number;
  over: boolean;
  result?: number[];
  scores?: number[];
  end?: End;
  entries: number;
  steps: number;
  page_steps: number;
  pages: number;
  page: number;
  from: number;
  moves?: Entry[];
  positions: { n: number; to_move: number; position?: ReplayPosition; patch?: PatchOp[] }[];
}

// ReplayPosition is what a replay step shows: the viewer's observation,
// and the text rendering when asked for (text=1).
export interface ReplayPosition {
  observation: unknown;
  text?: string[];
}

// PatchOp is one operation of a patch: [path] deletes the key at path,
// [path, value] sets it, [path, start, count, items] splices the array at
// path. A path is the keys and indices from the position's root.
export type PatchOp = unknown[];

// applyPatch applies a patch to pos, changing it in place (its caller
// passes a copy), and returns the result.
export function applyPatch(pos: unknown, ops: PatchOp[]): unknown {
  for (const op of ops) {
    const path = op[0] as (string | number)[];
    if (path.length === 0) {
      if (op.length === 2) pos = op[1];
      else if (op.length === 4) (pos as unknown[]).splice(op[1] as number, op[2] as number, ...(op[3] as unknown[]));
      continue;
    }
    let parent = pos as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const last = path[path.length - 1];
    if (op.length === 1) delete parent[last];
    else if (op.length === 2) parent[last] = op[1];
    else (parent[last] as unknown[]).splice(op[1] as number, op[2] as number, ...(op[3] as unknown[]));
  }
  return pos;
}

// Rules is a game's rules document, rendered (GET /api/games/{name}/rules).
export interface Rules {
  game: string;
  title: string;
  doc: string;
  html: string;
}

// Rulebook is a game's players' rulebook, rendered with the game's
// numbers for a player count (GET /api/games/{name}/rulebook).
export interface Rulebook {
  game: string;
  title: string;
  players: number;
  variant?: string;
  doc?: string;
  rulebook: string;
  html: string;
  // examples: the positions the rulebook shows, each where the page has
  // the paragraph "[example: NAME]", drawn by the game's board.
  examples?: RulebookExample[];
}

export interface RulebookExample {
  name: string;
  caption: string;
  marks?: string[];
  observation: unknown;
  text: string;
}

// ApiError is a refused request, with the server's own explanation.
export class ApiError extends Error {
  // data is the answer's body, for a refusal that says more than its
  // message (a tutorial's hint).
  constructor(public status: number, message: string, public data?: unknown) {
    super(message);
  }
}

// call makes a request of the API. Without a token the session's
// cookie (if any) speaks for the browser: the server plays an account's
// seats with it, as it does a seat's token.
export async function call<T>(method: string, path: string, body?: unknown, token?: string, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  let r: Response;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, "cannot reach the server; check the connection and try again");
  }
  const text = await r.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: a proxy's error page, say.
  }
  if (!r.ok) {
    const msg = (data as { error?: string } | undefined)?.error || `${r.status} ${r.statusText}`;
    throw new ApiError(r.status, msg, data);
  }
  return data as T;
}

export const games = () => call<GameInfo[]>("GET", "/api/games");
export const matches = (status: string, limit = 50) =>
  call<MatchView[]>("GET", `/api/matches?status=${status}&limit=${limit}`);
export const match = (id: string) => call<MatchView>("GET", `/api/matches/${enc(id)}`);
export const state = (id: string, token?: string) => call<StateMsg>("GET", `/api/matches/${enc(id)}/state`, undefined, token);
export const recordURL = (id: string, view?: "public" | "complete") =>
  `/api/matches/${enc(id)}/record` + (view ? `?view=${view}` : "");

export interface CreateRequest {
  game: string;
  players: number;
  options: Record<string, string>;
  // variant: one of the game's variants, by name ("" the game's own rules).
  variant?: string;
  seats: string[];
  turn_timer?: string;
  // turn_based: turn_timer is then the time per move ("12h", "1d"...).
  turn_based?: boolean;
  join: number;
  name: string;
  rated?: boolean;
}

export const create = (req: CreateRequest) => call<SeatAnswer>("POST", "/api/matches", req);
export const join = (id: string, seat: number, name: string) =>
  call<SeatAnswer>("POST", `/api/matches/${enc(id)}/join`, { seat, name });
export const leave = (id: string, token: string, bot?: string) =>
  call<MatchView>("POST", `/api/matches/${enc(id)}/leave`, bot ? { bot } : {}, token);
export const seatBot = (id: string, seat: number, token: string, bot: string) =>
  call<MatchView>("POST", `/api/matches/${enc(id)}/seats/${seat}/bot`, { bot }, token);
export const resign = (id: string, token: string) => call<MatchView>("POST", `/api/matches/${enc(id)}/resign`, undefined, token);
export const draw = (id: string, token: string, decline = false) =>
  call<MatchView>("POST", `/api/matches/${enc(id)}/draw`, decline ? { decline } : undefined, token);
export const rules = (game: string) => call<Rules>("GET", `/api/games/${enc(game)}/rules`);
// Tutorial is a position of a game's guided first game, as the learner
// (seat 1) sees it (GET and POST /api/games/{name}/tutorial).
export interface Tutorial {
  game: string;
  title: string;
  players: number;
  intro: string;
  lessons: number;
  // lesson: the lesson asked for, from 1; lessons + 1 once they are over.
  lesson: number;
  free?: string[];
  say?: string;
  marks?: string[];
  done?: string;
  learned?: string[];
  played: { seat: number; move: string }[];
  observation: unknown;
  text: string;
  legal: string[];
  to_move?: number;
  over?: boolean;
  result?: number[];
  scores?: number[];
  bot: string;
}

// TutorialRefusal is the body of a refused tutorial move (422).
export interface TutorialRefusal {
  error: string;
  move: string;
  reason?: string;
  hint?: string;
}

export const tutorial = (game: string, lesson: number) =>
  call<Tutorial>("GET", `/api/games/${enc(game)}/tutorial?lesson=${lesson}`);
export const tutorialMove = (game: string, lesson: number, free: string[], move: string) =>
  call<Tutorial>("POST", `/api/games/${enc(game)}/tutorial`, { lesson, free, move });

export const rulebook = (game: string, players?: number, variant?: string) =>
  call<Rulebook>("GET", `/api/games/${enc(game)}/rulebook?` + new URLSearchParams({
    ...(players ? { players: String(players) } : {}), ...(variant ? { variant } : {}),
  }).toString());
export const rematch = (id: string, token: string) => call<SeatAnswer>("POST", `/api/matches/${enc(id)}/rematch`, undefined, token);
// undo takes back the viewer's last move (the version it saw); outOfTime
// chooses for a seat out of time two turns in a row.
export const undo = (id: string, version: number, token?: string) =>
  call<{ version: number }>("POST", `/api/matches/${enc(id)}/undo`, { version }, token);
export const outOfTime = (id: string, seat: number, choice: "take-over" | "end", token?: string) =>
  call<MatchView>("POST", `/api/matches/${enc(id)}/out-of-time`, { seat, choice }, token);
export const replayPage = (id: string, page: number, seat: number, text: boolean, token?: string) =>
  call<ReplayPage>("GET", `/api/matches/${enc(id)}/replay?page=${page}` + (seat ? `&seat=${seat}` : "") + (text ? "&text=1" : ""), undefined, token);

function enc(s: string): string {
  return encodeURIComponent(s);
}

// Seat tokens live in localStorage, one key per match, so that a reload
// (or a second tab) plays the same seat. A token is the seat's only key:
// it is never put in a URL the user could share. A seat an account holds
// needs none on a browser signed in to it: its token is then "" (and
// the requests go with the session's cookie).
export interface Held {
  seat: number;
  token: string;
}

const seatKey = (id: string) => "commons.seat." + id;

export function heldSeat(id: string): Held | null {
  try {
    const v = JSON.parse(localStorage.getItem(seatKey(id)) || "null");
    if (v && typeof v.token === "string" && typeof v.seat === "number") return v as Held;
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

export function keepSeat(id: string, seat: number, token: string): void {
  localStorage.setItem(seatKey(id), JSON.stringify({ seat, token }));
}

export function forgetSeat(id: string): void {
  localStorage.removeItem(seatKey(id));
}

// guestSeats are the seats this browser holds by their tokens, as
// signing up or in sends them (seats), so that they become the account's.
export function guestSeats(): SeatClaim[] {
  const out: SeatClaim[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith("commons.seat.")) continue;
    const id = k.slice("commons.seat.".length);
    const h = heldSeat(id);
    if (h?.token) out.push({ match: id, token: h.token });
  }
  // The server takes at most 100 at once; the newest matter most, but
  // localStorage has no order: any 100.
  return out.slice(0, 100);
}

export function myName(): string {
  return localStorage.getItem("commons.name") || "";
}

export function setMyName(name: string): void {
  localStorage.setItem("commons.name", name.trim());
}

// seatName is how a seat is called on the page.
export function seatName(seats: SeatView[] | undefined, n: number): string {
  const s = seats?.find((x) => x.seat === n);
  if (!s) return `Seat ${n}`;
  if (s.kind === "bot") return `Seat ${n} (bot ${s.bot})`;
  if (!s.taken) return `Seat ${n} (free)`;
  return s.name ? `Seat ${n} (${s.name})` : `Seat ${n}`;
}

// Accounts (docs/api.md, Accounts): the session is an HttpOnly cookie
// the page never sees; the account's view says who is signed in.
export interface Account {
  name: string;
  created: string;
  password: boolean;
  passkeys: number;
  // muted are the names of the accounts whose messages are hidden.
  muted: string[];
}

export interface SignedIn {
  account: Account;
  // claimed are the matches whose guest seat became the account's.
  claimed: string[];
}

export interface SeatClaim {
  match: string;
  token: string;
}

export const account = () => call<Account>("GET", "/api/account");
export const signUp = (name: string, password: string, seats: SeatClaim[]) =>
  call<SignedIn>("POST", "/api/account/signup", { name, password, seats });
export const signIn = (name: string, password: string, seats: SeatClaim[]) =>
  call<SignedIn>("POST", "/api/account/signin", { name, password, seats });
export const signOut = () => call<unknown>("POST", "/api/account/signout", {});
export const signOutEverywhere = () => call<unknown>("POST", "/api/account/signout-everywhere", {});
// Prefs are a signed-in person's preferences (docs/api.md, Notices):
// mail says whether this server sends mail at all.
export interface Prefs {
  email: string;
  email_confirmed: boolean;
  notify_turns: boolean;
  forced_moves: boolean;
  mail: boolean;
}

export const prefs = () => call<Prefs>("GET", "/api/account/prefs");
export const putPrefs = (change: Partial<Pick<Prefs, "email" | "notify_turns" | "forced_moves">>) =>
  call<Prefs>("PUT", "/api/account/prefs", change);
export const claimSeats = (seats: SeatClaim[]) => call<{ claimed: string[] }>("POST", "/api/account/seats", { seats });
export const mute = (name: string, on: boolean) => call<Account>("POST", "/api/account/mutes", { name, mute: on });

// Ceremony is a passkey ceremony's first step: its ID, and the options
// for navigator.credentials, binary fields in base64url.
export interface Ceremony<T> {
  ceremony: string;
  options: { publicKey: T };
}

export const passkeyRegisterBegin = (name?: string) =>
  call<Ceremony<PublicKeyCredentialCreationOptionsJSON>>("POST", "/api/account/passkeys/register/begin", name ? { name } : {});
export const passkeyRegisterFinish = (ceremony: string, credential: unknown, seats: SeatClaim[]) =>
  call<SignedIn>("POST", "/api/account/passkeys/register/finish", { ceremony, credential, seats });
export const passkeySignInBegin = () =>
  call<Ceremony<PublicKeyCredentialRequestOptionsJSON>>("POST", "/api/account/passkeys/signin/begin", {});
export const passkeySignInFinish = (ceremony: string, credential: unknown, seats: SeatClaim[]) =>
  call<SignedIn>("POST", "/api/account/passkeys/signin/finish", { ceremony, credential, seats });

// ChatMessage is a message of a match's room or the lobby's (docs/api.md,
// Table talk). Its text is shown as text, never as markup.
export interface ChatMessage {
  n: number;
  name?: string;
  // account: name is an account's; else a seated guest's chosen name.
  account?: boolean;
  // seat is the speaker's seat; absent for a spectator (and in the lobby).
  seat?: number;
  // version is the match's version when it was said.
  version: number;
  text?: string;
  at: string;
  // deleted: the operator took it down (its text is gone).
  deleted?: boolean;
}

export interface LobbyChat {
  generation: number;
  messages: ChatMessage[];
}

export const matchChat = (id: string, from = 0) =>
  call<{ match: string; messages: ChatMessage[] }>("GET", `/api/matches/${enc(id)}/chat?from=${from}`);
export const sayInMatch = (id: string, text: string, token?: string) =>
  call<{ n: number }>("POST", `/api/matches/${enc(id)}/chat`, { text }, token);
export const lobbyChat = (since: number | null, signal?: AbortSignal) =>
  call<LobbyChat>("GET", "/api/chat" + (since === null ? "" : `?since=${since}&wait=1`), undefined, undefined, signal);
export const sayInLobby = (text: string) => call<{ n: number }>("POST", "/api/chat", { text });

// Rating is a player's rating in one game: rating on the Elo scale, from
// OpenSkill's mu and sigma; ordinal (mu - 3 sigma) orders leaderboards.
export interface Rating {
  game: string;
  rating: number;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
  wins: number;
}

export interface MatchRatings {
  match: string;
  rated: boolean;
  ratings: { seat: number; name: string; bot?: boolean; abandoned?: boolean; before: Rating; after: Rating }[];
}

export const matchRatings = (id: string) => call<MatchRatings>("GET", `/api/matches/${enc(id)}/ratings`);

// HistoryEntry is a match of a person's history.
export interface HistoryEntry {
  id: string;
  game: string;
  title: string;
  status: Status;
  rated?: boolean;
  created: string;
  seat?: number;
  result?: "won" | "lost" | "draw" | "abandoned";
  seats: SeatView[];
  to_move?: number;
  // turn_start: since when to_move has been to move; deadline: when its
  // time runs out (a timed match); turn_based: played turn based.
  turn_start?: string;
  deadline?: string;
  turn_based?: boolean;
  // page is the app's page of the match: /match/ID, or /replay/ID once over.
  page: string;
}

export interface Profile {
  name: string;
  created: string;
  ratings: Rating[];
  waiting: HistoryEntry[];
  matches: HistoryEntry[];
}

export interface LeaderEntry extends Rating {
  rank: number;
  name: string;
}

export interface Leaderboard {
  game: string;
  title: string;
  people: LeaderEntry[];
  bots: LeaderEntry[];
}

export const profile = (name: string) => call<Profile>("GET", `/api/users/${enc(name)}`);
export const leaderboard = (game: string) => call<Leaderboard>("GET", `/api/games/${enc(game)}/leaderboard`);

// profilePath is the page of an account's profile.
export const profilePath = (name: string) => `/u/${enc(name)}`;
