// The lobby: the games, a form to create a match (options, who sits
// where: you, an open seat for a friend, or a bot; rated, signed in),
// the matches to join, watch, resume or replay, and the lobby's chat.

import * as api from "./api";
import { onAccount, signedIn, signInLink, whoami } from "./account";
import { ChatPanel } from "./chat";
import { h, fill } from "./dom";
import { mark, navigate } from "./nav";
import { playerName } from "./players";
import { playChoice, turnTag, YourTurn } from "./lobbyturns";

// Bots offered for a seat: the three levels, the game's scripted
// beginners, random and greedy, and any other spec the server knows
// (docs/bots.md), typed in for experts. Each is [value, label, what it
// does]: the labels are short, so that a seat's menu is no wider than a
// phone (a beginner's description runs to a paragraph); what the chosen
// bot does is shown under the menu.
function botChoices(g: api.GameInfo): [string, string, string][] {
  const list: [string, string, string][] = [
    ["medium", "Bot: medium", ""],
    ["easy", "Bot: easy", ""],
    ["hard", "Bot: hard", "Thinks a second a move."],
  ];
  for (const sc of g.scripts || []) list.push([`script:${sc.name}`, `Bot: beginner (${sc.name})`, `A scripted beginner: ${sc.doc}.`]);
  list.push(["greedy", "Bot: greedy", "Looks one move ahead."], ["random", "Bot: random", "Plays any legal move."],
    ["custom", "Bot: other spec…", "Any bot spec of docs/bots.md, such as mcts:time=2s."]);
  return list;
}

const timers: [string, string][] = [["off", "no turn timer"], ["30s", "30 seconds a turn"], ["1m", "1 minute a turn"], ["2m", "2 minutes a turn"], ["5m", "5 minutes a turn"], ["1h", "1 hour a turn"], ["24h", "1 day a turn"]];

export function lobby(app: HTMLElement, focusNew: boolean): () => void {
  mark({ view: "lobby" });
  document.title = "Commons";
  const err = h("p", { class: "banner error", hidden: true, role: "alert" });
  const formBox = h("div", {}, h("p", { class: "note" }, "Loading the games…"));
  const live = h("div", { class: "match-list", "data-list": "live" });
  const done = h("div", { class: "match-list", "data-list": "over" });
  const gamesBox = h("div", { class: "game-cards" });
  const chat = new ChatPanel("lobby", "Lobby chat");
  const yourTurn = new YourTurn();
  app.append(
    h("section", { class: "lobby" },
      h("div", { class: "lobby-col" },
        // A person signed in sees first the matches waiting for them.
        yourTurn.el,
        h("div", { class: "card new-match", id: "new" }, h("h2", {}, "New match"), err, formBox),
        h("div", { class: "card", "data-card": "over" }, h("h2", {}, "Finished matches"), done)),
      h("div", { class: "lobby-col" },
        h("div", { class: "card", "data-card": "live" }, h("h2", {}, "Matches being played"), live),
        h("div", { class: "card lobby-chat" }, chat.el),
        h("div", { class: "card", "data-card": "games" }, h("h2", {}, "The games"), gamesBox))));

  const showError = (e: unknown) => {
    err.textContent = e instanceof Error ? e.message : String(e);
    err.hidden = false;
  };

  let stopped = false;
  let timer = 0;
  let games: api.GameInfo[] = [];

  api.games().then((gs) => {
    if (stopped) return;
    games = gs;
    whoami().then(() => {
      if (!stopped) buildForm(formBox, gs, showError);
    });
    fill(gamesBox, ...gs.map((g) => h("div", { class: "game-card", "data-game": g.name },
      h("h3", {}, g.title),
      h("p", {}, g.summary),
      h("p", { class: "note" }, `${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`} players`,
        g.chance ? " · chance" : "", g.hidden_information ? " · hidden information" : ""),
      g.doc ? h("p", { class: "game-links" },
        h("a", { href: `/learn/${g.name}`, "data-link": "", "data-rules-link": g.name }, `How to play ${g.title}`), " · ",
        h("a", { href: `/learn/${g.name}/first`, "data-link": "", "data-first-game": g.name }, "First game, guided"), " · ",
        h("a", { href: `/rules/${g.name}`, "data-link": "", "data-rules-full": g.name }, "Rules in full")) : null)));
    if (focusNew) document.getElementById("new")?.scrollIntoView();
    refresh();
  }).catch(showError);

  async function refresh(): Promise<void> {
    yourTurn.refresh((g) => games.find((x) => x.name === g)?.title || g);
    try {
      const [running, over] = await Promise.all([api.matches("open,running"), api.matches("over", 20)]);
      if (stopped) return;
      fill(live, running.length ? table(running, false) : h("p", { class: "note" }, "None yet: create one above."));
      fill(done, over.length ? table(over, true) : h("p", { class: "note" }, "None yet."));
    } catch (e) {
      if (!stopped) showError(e);
    }
    if (!stopped) timer = window.setTimeout(refresh, 5000);
  }

  function table(ms: api.MatchView[], finished: boolean): HTMLElement {
    return h("table", { class: "matches" },
      h("tbody", {}, ...ms.map((m) => {
        const acc = signedIn();
        // A seat of this browser's: by its token, or the account's.
        const mine = m.seats.find((s) => acc && s.account && s.name?.toLowerCase() === acc.name.toLowerCase());
        const held = api.heldSeat(m.id) || (mine ? { seat: mine.seat, token: "" } : null);
        const title = m.title || games.find((g) => g.name === m.game)?.title || m.game;
        const seats: Node[] = [];
        for (const s of m.seats) {
          if (seats.length) seats.push(document.createTextNode(", "));
          seats.push(playerName(s));
        }
        const actions: Node[] = [];
        if (finished) {
          actions.push(h("a", { class: "button", href: `/replay/${m.id}`, "data-link": "", "data-replay": m.id }, "Replay"));
        } else {
          if (held) actions.push(h("a", { class: "button primary", href: `/match/${m.id}`, "data-link": "", "data-resume": m.id }, `Play (seat ${held.seat})`));
          else if (m.free_seats > 0 && m.rated && !acc) {
            actions.push(signInLink("Sign in to join", false, { class: "button", "data-join-signin": m.id }));
          } else if (m.free_seats > 0) {
            actions.push(h("button", {
              class: "primary", "data-join": m.id, onclick: async () => {
                try {
                  const a = await api.join(m.id, 0, acc ? "" : api.myName());
                  // Signed in, the seat may come without a token (the
                  // account's session plays it): none is kept then.
                  if (a.token) api.keepSeat(m.id, a.seat!, a.token);
                  navigate(`/match/${m.id}`);
                } catch (e) {
                  showError(e);
                }
              },
            }, "Join"));
          }
          actions.push(h("a", { class: "button", href: `/match/${m.id}`, "data-link": "", "data-watch": m.id }, "Watch"));
        }
        let status: string = m.status;
        if (m.status === "open") status += `, ${m.free_seats} free`;
        if (m.abandoned) status = `abandoned (nobody plays it; it ends ${m.expires ? when(m.expires) : "soon"})`;
        if (m.end) status = m.end.reason === "resignation" ? `over: seat ${m.end.seat} resigned` : m.end.reason === "draw" ? "over: a draw agreed" : m.end.reason === "timeout" ? `over: seat ${m.end.seat} ran out of time` : "over: abandoned";
        return h("tr", { "data-match": m.id, "data-abandoned": m.abandoned ? "" : undefined, "data-rated": m.rated ? "" : undefined },
          h("td", {}, h("strong", {}, title), m.variant ? h("span", { class: "tag variant", "data-variant": m.variant.name, title: "a variant of the server's" }, m.variant.title) : null, m.rated ? h("span", { class: "tag rated", title: "only accounts play it; its end changes their ratings" }, "rated") : null, turnTag(m),
            h("div", { class: "note", "data-match-status": m.status }, `${status} · ${ago(m.created)}`)),
          h("td", { class: "seats-cell" }, ...seats),
          h("td", { class: "actions" }, ...actions));
      })));
  }

  // The lobby's chat: one request at a time, each waiting (up to 25 s)
  // for the room to change since the last answer's generation.
  const polling = new AbortController();
  (async () => {
    let since: number | null = null;
    while (!stopped) {
      try {
        const c = await api.lobbyChat(since, polling.signal);
        if (stopped) return;
        since = c.generation;
        chat.replace(c.messages);
      } catch {
        if (stopped) return;
        await new Promise((r) => setTimeout(r, 5000)); // the server is away: try again soon
      }
    }
  })();
  const drawTalk = (acc: api.Account | null) => {
    if (acc) chat.speak(async (text) => { await api.sayInLobby(text); }, []);
    else chat.speak(null, [], h("span", {}, signInLink("Sign in"), " or ", signInLink("sign up", true), " to talk in the lobby."));
  };
  whoami().then((a) => {
    if (!stopped) drawTalk(a);
  });
  const stopAccount = onAccount((a) => {
    if (!stopped) drawTalk(a);
    if (!stopped && games.length) yourTurn.refresh((g) => games.find((x) => x.name === g)?.title || g, true);
  });

  return () => {
    stopped = true;
    clearTimeout(timer);
    polling.abort();
    chat.close();
    stopAccount();
  };
}

// label is an option's or value's name as people write it:
// "civilization-pacing" is "Civilization pacing".
function label(name: string): string {
  const w = name.replace(/[-_]+/g, " ");
  return w.charAt(0).toUpperCase() + w.slice(1);
}

// when says a time to come in words.
function when(iso: string): string {
  const s = (Date.parse(iso) - Date.now()) / 1000;
  if (s < 60) return "in a moment";
  if (s < 3600) return `in ${Math.ceil(s / 60)} min`;
  return `in ${Math.round(s / 3600)} h`;
}

// FormChoices are the new-match form's choices, as kept in the lobby's
// history entry (history.state.lobbyForm).
interface FormChoices {
  name: string;
  game: string;
  variant?: string;
  players: string;
  options: Record<string, string>;
  seats: string[];
  specs: string[];
  timer: string;
  rated: boolean;
  // mode and moveTime are the Play choice's (lobbyturns.ts).
  mode?: string;
  moveTime?: string;
}

function buildForm(box: HTMLElement, games: api.GameInfo[], showError: (e: unknown) => void): void {
  const acc = signedIn();
  const name = h("input", { id: "name", value: api.myName(), maxlength: 40, placeholder: "how others see you", autocomplete: "nickname" });
  // Rated matches are for accounts: the box is there signed in only.
  const rated = h("input", { type: "checkbox", id: "rated" });
  const game = h("select", { id: "game" }, ...games.map((g) => h("option", { value: g.name }, g.title)));
  // The operator's variants of the chosen game (a data table of the
  // server's, an option set), by title; the game's own rules first.
  const variant = h("select", { id: "variant", "aria-describedby": "variant-doc" });
  const variantDoc = h("p", { class: "note variant-doc", id: "variant-doc" });
  const variantBox = h("div", { class: "variant-choice", hidden: true }, h("label", {}, "Variant ", variant), variantDoc);
  const players = h("select", { id: "players" });
  const options = h("div", { class: "options" });
  const seats = h("div", { class: "seat-choices" });
  const timer = h("select", { id: "timer" }, ...timers.map(([v, l]) => h("option", { value: v }, l)));
  const timerLabel = h("label", {}, "Turn timer ", timer);
  const play = playChoice(timer, timerLabel);
  const summary = h("p", { class: "note" });
  const rulesLink = h("a", { href: "/", "data-link": "", "data-form-rules": "" });
  const submit = h("button", { type: "submit", class: "primary", id: "create" }, "Create match");

  const current = () => games.find((g) => g.name === game.value)!;
  const currentVariant = () => current().variants?.find((v) => v.name === variant.value);
  // seatSync shows each seat's choice as chosen (its bot's words, the
  // spec's box), for choices set by the page rather than by a person.
  let seatSync: (() => void)[] = [];

  function drawSeats(): void {
    const g = current();
    const n = Number(players.value);
    const old = [...seats.querySelectorAll("select")].map((s) => s.value);
    const oldSpecs = [...seats.querySelectorAll<HTMLInputElement>("input[data-seat-spec]")].map((s) => s.value);
    const bots = botChoices(g);
    const docs = new Map(bots.map(([v, , d]) => [v, d]));
    seatSync = [];
    fill(seats, ...Array.from({ length: n }, (_, i) => {
      const sel = h("select", { id: `seat-${i + 1}`, "data-seat-choice": i + 1, "aria-describedby": `seat-${i + 1}-doc` },
        h("option", { value: "you" }, "You"),
        h("option", { value: "open" }, "A person (invite)"),
        ...bots.map(([v, l]) => h("option", { value: v }, l)));
      // Someone alone who clicks Create should get a game: the other
      // seats default to the medium bot; inviting a person is a choice.
      sel.value = old[i] && [...sel.options].some((o) => o.value === old[i]) ? old[i] : i === 0 ? "you" : "medium";
      const spec = h("input", { id: `seat-${i + 1}-spec`, "data-seat-spec": i + 1, placeholder: "mcts:time=2s", "aria-label": `Seat ${i + 1} bot spec`, value: oldSpecs[i] || "" });
      const doc = h("span", { class: "note seat-doc", id: `seat-${i + 1}-doc`, "data-seat-doc": i + 1 });
      const sync = () => {
        spec.hidden = sel.value !== "custom";
        doc.textContent = docs.get(sel.value) || "";
        doc.hidden = !doc.textContent;
      };
      sync();
      seatSync.push(sync);
      sel.addEventListener("change", () => {
        sync();
        if (!spec.hidden) spec.focus();
      });
      return h("label", { class: "seat-choice" }, `Seat ${i + 1} `, sel, spec, doc);
    }));
  }

  function drawGame(): void {
    const g = current();
    summary.textContent = g.summary;
    fill(players, ...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => h("option", { value: g.min_players + i }, String(g.min_players + i))));
    // File options name files on the server's machine: not for browsers.
    // Each option with its name in words and what it does.
    // A number the game declares tunable (its params) is offered with the
    // values worth trying, today's first when the game's data decides it;
    // the numbers go under "More numbers", the rules stay in view.
    const choices = (o: api.OptionSpec): string[] => {
      if (o.values?.length) return o.values;
      const p = g.params?.find((x) => x.option === o.name);
      if (!p) return [];
      return p.values.includes(o.default) ? p.values : [o.default, ...p.values];
    };
    const box = (o: api.OptionSpec) => {
      const sel = h("select", { id: `opt-${o.name}`, "data-option": o.name, "aria-describedby": `opt-${o.name}-doc` },
        ...choices(o).map((v) => h("option", { value: v }, (v === "" ? "the game's own" : v) + (v === o.default ? " (default)" : ""))));
      sel.value = o.default;
      return h("div", { class: "option", "data-option-box": o.name },
        h("label", { for: `opt-${o.name}` }, h("span", { class: "option-name" }, label(o.name)), sel),
        h("p", { class: "note option-doc", id: `opt-${o.name}-doc` }, o.doc));
    };
    const offered = g.options.filter((o) => !o.path && choices(o).length);
    const rules = offered.filter((o) => o.values?.length), numbers = offered.filter((o) => !o.values?.length);
    fill(options, ...rules.map(box),
      numbers.length ? h("details", { class: "more-options" }, h("summary", {}, "More numbers (for playtesting)"), ...numbers.map(box)) : null);
    rulesLink.href = `/learn/${g.name}`;
    rulesLink.textContent = `How to play ${g.title}`;
    rulesLink.hidden = !g.doc;
    const vs = g.variants || [];
    fill(variant, h("option", { value: "" }, "Today's rules"), ...vs.map((v) => h("option", { value: v.name, "data-variant-option": v.name }, v.title)));
    variant.value = "";
    variantBox.hidden = vs.length === 0;
    drawVariant();
    drawSeats();
  }

  // drawVariant says what the chosen variant is, and fixes the options
  // it sets to its values (the others stay the player's to choose).
  function drawVariant(): void {
    const v = currentVariant();
    // What the variant sets: its options in words, and its tables.
    const sets = v ? [...Object.entries(v.options || {}).map(([k, x]) => `${label(k)}: ${x}`), ...(v.tables || []).map((t) => `${label(t)}: the server's table`)] : [];
    variantDoc.textContent = v ? [v.description || "", sets.length ? `Sets ${sets.join(" · ")}.` : ""].filter(Boolean).join(" ") : "The game as its rules document has it.";
    variantDoc.hidden = !variantDoc.textContent;
    options.querySelectorAll<HTMLSelectElement>("select[data-option]").forEach((sel) => {
      const set = v?.options?.[sel.dataset.option!];
      const spec = current().options.find((o) => o.name === sel.dataset.option);
      if (set !== undefined) sel.value = set;
      else if (sel.disabled && spec) sel.value = spec.default;
      sel.disabled = set !== undefined;
      sel.closest<HTMLElement>("[data-option-box]")!.toggleAttribute("data-variant-set", set !== undefined);
    });
  }

  game.addEventListener("change", drawGame);
  variant.addEventListener("change", drawVariant);
  players.addEventListener("change", drawSeats);
  // /new?game=NAME (a rules page's "Play it") chooses the game.
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) game.value = wanted;
  drawGame();

  // The choices made are kept in this history entry's state, so that
  // they are all there again after "How to play" and Back (or a
  // reload), rather than the form's defaults: the name typed, the game,
  // the players, the options, who plays where, the timer, Rated.
  const choices = (): FormChoices => ({
    name: name.value, game: game.value, variant: variant.value, players: players.value, timer: timer.value, rated: rated.checked, ...play.kept(),
    options: Object.fromEntries([...options.querySelectorAll<HTMLSelectElement>("select[data-option]")].map((s) => [s.dataset.option!, s.value])),
    seats: [...seats.querySelectorAll<HTMLSelectElement>("select[data-seat-choice]")].map((s) => s.value),
    specs: [...seats.querySelectorAll<HTMLInputElement>("input[data-seat-spec]")].map((s) => s.value),
  });
  const keep = () => history.replaceState({ ...(history.state || {}), lobbyForm: choices() }, "");
  const saved = (history.state as { lobbyForm?: FormChoices } | null)?.lobbyForm;
  if (saved) restore(saved);

  function restore(c: FormChoices): void {
    const pick = (sel: HTMLSelectElement, v: string | undefined) => {
      if (v !== undefined && [...sel.options].some((o) => o.value === v)) sel.value = v;
    };
    if (!games.some((g) => g.name === c.game)) return; // a game this server no longer has
    game.value = c.game;
    drawGame();
    pick(variant, c.variant);
    pick(players, c.players);
    drawSeats();
    options.querySelectorAll<HTMLSelectElement>("select[data-option]").forEach((s) => pick(s, c.options?.[s.dataset.option!]));
    drawVariant();
    seats.querySelectorAll<HTMLSelectElement>("select[data-seat-choice]").forEach((s, i) => {
      pick(s, c.seats?.[i]);
      seats.querySelector<HTMLInputElement>(`#seat-${i + 1}-spec`)!.value = c.specs?.[i] || "";
      seatSync[i]?.();
    });
    pick(timer, c.timer);
    play.restore(c);
    if (typeof c.name === "string") name.value = c.name;
    rated.checked = !!c.rated;
  }

  const form = h("form", { class: "create" },
    acc ? h("p", { class: "note", "data-playing-as": acc.name }, `You play as ${acc.name}.`) : h("label", {}, "Your name ", name),
    h("label", {}, "Game ", game),
    summary,
    h("p", { class: "note" }, rulesLink),
    variantBox,
    h("label", {}, "Players ", players),
    options,
    h("fieldset", {}, h("legend", {}, "Who plays"), seats),
    play.el,
    timerLabel,
    acc ? h("label", { class: "rated-choice" }, rated, "Rated", h("span", { class: "note" }, "Only accounts take its seats; its end changes the players' ratings.")) : null,
    h("div", {}, submit));
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!acc) api.setMyName(name.value);
    const choice = [...seats.querySelectorAll("select")].map((s, i) =>
      s.value === "custom" ? seats.querySelector<HTMLInputElement>(`#seat-${i + 1}-spec`)!.value.trim() : s.value);
    if (choice.some((c) => c === "")) return showError("Type a bot spec for each seat set to \"other spec\" (docs/bots.md lists them), or choose another bot.");
    const you = choice.indexOf("you");
    if (choice.filter((c) => c === "you").length > 1) return showError("You can sit in one seat only: make the others open seats or bots.");
    const opts: Record<string, string> = {};
    // The variant's own options are the server's to set.
    options.querySelectorAll<HTMLSelectElement>("select[data-option]").forEach((s) => {
      if (!s.disabled) opts[s.dataset.option!] = s.value;
    });
    submit.disabled = true;
    try {
      const a = await api.create({
        game: game.value, variant: variant.value || undefined, players: Number(players.value), options: opts,
        seats: choice.map((c) => (c === "you" || c === "open" ? "human" : c)),
        ...play.request(), join: you + 1, name: acc ? "" : name.value.trim(),
        rated: acc ? rated.checked : undefined,
      });
      if (a.token && a.seat) api.keepSeat(a.match.id, a.seat, a.token);
      navigate(`/match/${a.match.id}`);
    } catch (e) {
      showError(e);
    } finally {
      submit.disabled = false;
    }
  });
  fill(box, form);
}

function ago(iso: string): string {
  const s = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}
