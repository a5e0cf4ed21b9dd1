// Open Science Alliance (docs/rules/open-science-alliance.md): research
// teams of role cards with levels, four shared resource counters set by
// each round's Event, six rounds.
//
// A turn is a chain of small moves, each sent on its own; the server
// answers the next step's legal values with the next state:
//   step (1): "hire", "upskill +2", "upskill +1+1" or "upskill DD",
//     then for an upskill "raise CC1" (a role's code and its level now),
//     twice for "+1+1";
//   step (2): "collect nothing" or the amounts "g<N>", "p<N>", "y<N>",
//     "b<N>" in that order, then "credit none" or "credit <seat>" (who
//     receives a Social Glue credit).
// Set-up is "pick DW|CC|PEG|KL". Every control here is a <button> for a
// legal move of the current step only: the step-1 choices and the
// receivers in the action bar, the raises on the viewer's role cards,
// the amounts on the counter of the type being chosen.
//
// The board is HTML with small SVG drawings (the counters' pips, the
// cards' levels), so it reflows from a wide window to a phone.

import { Entry } from "../api";
import { h, s, fill, plural } from "../dom";
import { OpenScienceAmounts as Amounts, OpenScienceObservation as Obs, OpenScienceSeatView as TeamView } from "../observations";
import { Board, BoardFactory, Host, View, boardHints, hinted } from "./board";

type Type = keyof Amounts;
const TYPES: Type[] = ["green", "purple", "yellow", "blue"];
const LETTERS = "gpyb";
const typeTitle: Record<Type, string> = {
  green: "FAIR data", purple: "open research software", yellow: "citizen science", blue: "open scholarly publishing",
};

interface RoleInfo {
  name: string;
  short: string; // on a card: short enough for two lines
  collects: string;
}

// The roles in team order (R7), and the Discovery Driver.
const ORDER = ["DW", "CC", "PEG", "KL", "TC", "SG"];
const roles: Record<string, RoleInfo> = {
  DW: { name: "Data Wizard", short: "Data Wizard", collects: "FAIR data (green)" },
  CC: { name: "Code Conjurer", short: "Code Conjurer", collects: "open research software (purple)" },
  PEG: { name: "Public Engagement Guru", short: "Engagement Guru", collects: "citizen science (yellow)" },
  KL: { name: "Knowledge Liberator", short: "Knowledge Liberator", collects: "open scholarly publishing (blue)" },
  TC: { name: "Transparency Champion", short: "Transp. Champion", collects: "up to 1 of each type" },
  SG: { name: "Social Glue", short: "Social Glue", collects: "nothing: brings another player's Specialist" },
  DD: { name: "Discovery Driver", short: "Discovery Driver", collects: "nothing itself: leads collaborations" },
};
const roleName = (code: string) => roles[code]?.name || code;

// roleGives says what a role card at a level gives (R-rules of
// docs/rules/open-science-alliance.md).
function roleGives(code: string, level: number): string {
  switch (code) {
    case "DD": return `leads collaborations: invites roles whose levels total at least ${level}; they collect ${level}, plus 1 bonus each`;
    case "TC": return `alone collects 1 each of up to ${level} types`;
    case "SG": return "collects nothing itself: brings another player's Specialist into a collaboration";
  }
  const r = roles[code];
  return r ? `alone collects exactly ${level} ${r.collects} (or what is left)` : `level ${level}`;
}
const codeOfRole: Record<string, string> = {
  "data-wizard": "DW", "code-conjurer": "CC", "public-engagement-guru": "PEG", "knowledge-liberator": "KL",
  "transparency-champion": "TC", "social-glue": "SG",
};

const restrictionWords: Record<string, string> = {
  none: "no restriction",
  "no-hiring": "no hiring: upskilling is compulsory",
  "collaborations-only": "collaborations only: no independent actions",
  "no-collaborations": "no collaborations: independent actions only",
  "no-collaboration-bonus": "no collaboration bonus",
  "no-social-glue": "no Social Glue: it may not be invited",
};
const restrictionText = (r: string) => restrictionWords[r] || r.replace(/-/g, " ");

// The step-1 moves in plain words.
const step1Words: Record<string, [string, string]> = {
  hire: ["Hire", "draw a role card"],
  "upskill +2": ["Upskill +2", "one role up by 2"],
  "upskill +1+1": ["Upskill +1 +1", "two roles up by 1 each"],
  "upskill DD": ["Upskill Driver", "Discovery Driver up by 1"],
};
const STEP1 = ["hire", "upskill +2", "upskill +1+1", "upskill DD"];

// "data-deluge" is "Data Deluge".
const eventTitle = (slug: string) => slug.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");

// amountWords says an amount of a type: "2 FAIR data", "no software".
function amountWords(t: Type, n: number): string {
  return n === 0 ? `no ${typeTitle[t]}` : `${n} ${typeTitle[t]}`;
}

// chosenNotation writes the amounts chosen so far: "g1 p3".
const chosenNotation = (chosen: number[]) => chosen.map((n, i) => LETTERS[i] + n).join(" ");

export const openscience: BoardFactory = (boardEl: HTMLElement, panel: HTMLElement, host: Host): Board => {
  const root = h("div", { class: "osa-board", tabindex: "-1", role: "region", "aria-label": "Open Science Alliance board" });
  boardEl.replaceChildren(root);
  // The panel: what changes, and the roles' legend, made once so that
  // it stays open (and keeps the focus) while the game goes on.
  const info = h("div", { class: "osa-info" });
  const legend = h("details", { class: "osa-legend" }, h("summary", {}, "The roles"),
    h("ul", {}, ...[...ORDER, "DD"].map((c) => h("li", {}, h("span", { class: `osa-chip role-${c}` }, c), ` ${roles[c].name}: ${roles[c].collects}.`))),
    h("p", { class: "legend" }, "Alone, a Specialist at level L collects exactly L of its type (or what is left); a Transparency Champion at level L, one each of L types. In a collaboration the Discovery Driver (level D) invites roles whose levels total at least D: they collect D, plus 1 bonus each. Social Glue may bring another player's Specialist; if more than 1 resource came through it, 1 credit goes to its owner."));
  panel.replaceChildren(info, legend);
  boardHints(root);
  boardHints(panel);

  function update(v: View): void {
    const o = v.obs as Obs;
    // Keep the keyboard where the moves are: a board that is drawn anew
    // after a click moves the focus to the next step's first choice.
    const active = document.activeElement;
    const refocus = !!active && active !== root && root.contains(active);
    const same = refocus ? active!.getAttribute("data-hint-key") : null;
    const legal = new Set(v.legal);
    const mine = v.interactive && v.legal.length > 0;

    fill(root,
      eventHeader(o),
      h("div", { class: "osa-counters" }, ...TYPES.map((t, i) => counter(v, o, t, i))),
      actionBar(v, o, mine),
      h("div", { class: "osa-teams" }, ...o.seats.map((sv) => team(v, o, sv, legal))));
    drawPanel(v, o);
    if (refocus) {
      const next = (same && root.querySelector<HTMLElement>(`[data-hint-key="${CSS.escape(same)}"]`)) || root.querySelector<HTMLElement>("button[data-move]");
      (next || root).focus();
    }
  }

  function eventHeader(o: Obs): HTMLElement {
    if (!o.event) {
      return hinted(h("div", { class: "osa-event setup", "data-round": o.round, "data-hint-key": "event" },
        h("div", { class: "osa-round" }, "Set-up"),
        h("div", { class: "osa-event-name" }, o.phase === "pick" ? "Each player picks a Specialist" : "Each player draws a first role"),
        h("div", { class: "osa-event-rule" }, `${o.rounds} rounds to play; each round's Event sets the four counters.`)),
        `Set-up, before round 1 of ${o.rounds}: ${o.phase === "pick" ? "each player picks a Specialist" : "each player draws a first role"}; each round's Event then sets the four resource counters.`);
    }
    const e = o.event;
    return hinted(h("div", { "data-hint-key": "event", class: "osa-event", "data-round": o.round, "data-event": e.name, "data-restriction": e.restriction },
      h("div", { class: "osa-round" }, `Round ${o.round} of ${o.rounds}`),
      h("div", { class: "osa-event-name" }, "Event: ", h("strong", {}, e.name)),
      h("div", { class: "osa-event-rule" + (e.restriction === "none" ? "" : " restricted") }, restrictionText(e.restriction)),
      h("div", { class: "osa-event-levels" }, "Sets ", TYPES.map((t) => `${e.levels[t]} ${t}`).join(", "),
        ` · ${host.name(o.first)} began the round`)),
      `Round ${o.round} of ${o.rounds} (${o.rounds - o.round} to come after it). Event: ${e.name}, ${restrictionText(e.restriction)}. ` +
      `It sets ${TYPES.map((t) => amountWords(t, e.levels[t])).join(", ")}. ${host.name(o.first)} began the round.`);
  }

  function counter(v: View, o: Obs, t: Type, i: number): HTMLElement {
    const stock = o.stock[t];
    const level = o.event ? o.event.levels[t] : 0;
    const chosen = o.collecting?.chosen || [];
    const taking = i < chosen.length ? chosen[i] : undefined;
    const choosing = o.collecting?.next === t;
    const amounts = v.interactive && choosing
      ? v.legal.filter((m) => m.length > 1 && m[0] === LETTERS[i] && /^\d+$/.test(m.slice(1))).map((m) => Number(m.slice(1))).sort((a, b) => a - b)
      : [];
    const sub = o.round === 0 ? "set by the Event" : `${stock} left of ${level}` + (taking !== undefined ? ` · taking ${taking}` : choosing ? " · choosing…" : "");
    const words = `${typeTitle[t]} (${t}) counter: ` + (o.round === 0 ? `0 in stock until round 1's Event sets it (each of the ${o.rounds} rounds' Events sets it anew)` : `${stock} in stock of the ${level} this round's Event set`) +
      (taking !== undefined ? `; ${host.name(o.to_move)} is collecting ${taking}` : choosing ? `; ${host.name(o.to_move)} is choosing how much to collect` : "") +
      `. Collected by the ${roleName(ORDER[i])} (${ORDER[i]}) and the Transparency Champion.`;
    return hinted(h("div", {
      "data-hint-key": "counter:" + t,
      class: "osa-counter" + (choosing ? " choosing" : "") + (taking !== undefined ? " chosen" : "") + (stock === 0 && o.round > 0 ? " empty" : ""),
      "data-type": t, "data-counter": t, "data-stock": stock, "data-taking": taking,
      role: "group", "aria-label": `${typeTitle[t]} (${t}): ${stock} in stock` + (taking !== undefined ? `, collecting ${taking}` : ""),
    },
      h("div", { class: "osa-counter-head" }, h("span", { class: "osa-letter", "aria-hidden": "true" }, LETTERS[i]), h("span", {}, typeTitle[t])),
      pips(t, o.round === 0 ? "–" : String(stock), stock, Math.max(level, stock), taking || 0),
      h("div", { class: "osa-counter-sub" }, sub),
      amounts.length ? h("div", { class: "osa-amounts" }, ...amounts.map((n) => {
        const m = LETTERS[i] + n;
        return h("button", {
          class: "osa-amount", "data-move": m, "aria-label": `Collect ${amountWords(t, n)} (${m})`, title: `${m}: ${amountWords(t, n)}`,
          onclick: () => host.move(m), "data-hint": "",
        }, String(n));
      })) : null), words);
  }

  // pips draws a counter: the stock as a big number and one pip per
  // resource of the round, filled while in stock, ringed when being
  // collected, faint when gone.
  function pips(t: Type, label: string, stock: number, level: number, taking: number): SVGElement {
    const svg = s("svg", { viewBox: "0 0 120 48", class: "osa-pips", "aria-hidden": "true" });
    svg.append(s("circle", { cx: 22, cy: 24, r: 19, class: "osa-token" }));
    svg.append(s("text", { x: 22, y: 31, class: "osa-stock" }, label));
    if (level <= 18) {
      const perRow = 6, gap = 11.5;
      const rows = Math.max(1, Math.ceil(level / perRow));
      const y0 = 24 - ((rows - 1) * gap) / 2;
      for (let k = 0; k < level; k++) {
        const cls = k < stock - taking ? "in" : k < stock ? "taking" : "gone";
        svg.append(s("circle", { cx: 52 + (k % perRow) * gap, cy: y0 + Math.floor(k / perRow) * gap, r: 4.2, class: "osa-pip " + cls }));
      }
    } else {
      // Too many for pips (a designer's cards): a bar.
      const w = 64;
      svg.append(s("rect", { x: 50, y: 19, width: w, height: 10, rx: 3, class: "osa-pip gone" }));
      svg.append(s("rect", { x: 50, y: 19, width: (w * stock) / level, height: 10, rx: 3, class: "osa-pip taking" }));
      svg.append(s("rect", { x: 50, y: 19, width: (w * (stock - taking)) / level, height: 10, rx: 3, class: "osa-pip in" }));
    }
    svg.setAttribute("data-type", t);
    return svg;
  }

  function actionBar(v: View, o: Obs, mine: boolean): HTMLElement {
    const bar = h("div", { class: "osa-action" + (mine ? " mine" : ""), "data-action": o.phase });
    const say = (...c: (Node | string)[]) => bar.append(h("p", { class: "osa-prompt" }, ...c));
    const buttons = (list: HTMLElement[]) => bar.append(h("div", { class: "osa-choices" }, ...list));
    const who = host.name(o.to_move);
    if (o.status === "over") {
      say(h("strong", {}, "Game over. "), outcomeText(o));
      return bar;
    }
    if (v.over) {
      // Ended otherwise than by the rules (a resignation, abandoned):
      // the end screen says how.
      say(h("strong", {}, "Game over."));
      return bar;
    }
    if (o.chance || !o.to_move) {
      say(chanceWords(o) + "…");
      return bar;
    }
    if (!mine) {
      say(`${who} ${doing(o)}.`);
      if (o.collecting && o.collecting.chosen.length) say(`Collecting so far: ${chosenNotation(o.collecting.chosen)}.`);
      return bar;
    }
    switch (o.phase) {
      case "pick":
        say(h("strong", {}, "Set-up: "), "pick your Specialist. It joins your team at level 0.");
        buttons(["DW", "CC", "PEG", "KL"].filter((c) => v.legal.includes("pick " + c)).map((c) =>
          choice("pick " + c, roleName(c), "collects " + roles[c].collects, `Pick ${roleName(c)}, who collects ${roles[c].collects} (pick ${c})`)));
        break;
      case "step1":
        say(h("strong", {}, "Step 1: "), "upskill or hire.");
        buttons(STEP1.filter((m) => v.legal.includes(m)).map((m) => {
          let [label, words] = step1Words[m];
          if (m === "upskill DD") {
            const me = o.seats[v.seat - 1];
            if (me) words = `Discovery Driver to level ${me.driver + 1}`;
          }
          return choice(m, label, words, `${label}: ${words} (${m})`);
        }));
        break;
      case "raise": {
        const u = o.upskill!;
        if (u.form === "+2") say(h("strong", {}, "Upskill +2: "), "click the role card in your team to raise by 2.");
        else if (!u.first) say(h("strong", {}, "Upskill +1 +1: "), "click the first of two role cards in your team to raise by 1.");
        else say(h("strong", {}, "Upskill +1 +1: "), `${roleName(u.first.replace(/\d+$/, ""))} (${u.first}) is the first; click the second card.`);
        bar.append(h("p", { class: "note" }, "The cards that can go up are highlighted."));
        break;
      }
      case "collect": {
        const c = o.collecting!;
        const step = c.chosen.length;
        if (c.next === "credit") {
          const total = c.chosen.reduce((a, b) => a + b, 0);
          say(h("strong", {}, "Collect: "), `${chosenNotation(c.chosen)}, ${plural(total, "resource")}. `,
            "Does Social Glue pass a credit to the owner of the Specialist it brought?");
          const credits = v.legal.filter((m) => m.startsWith("credit ")).sort((a, b) => (a === "credit none" ? -1 : b === "credit none" ? 1 : a.localeCompare(b)));
          buttons(credits.map((m) => {
            const q = m.slice(7);
            if (q === "none") return choice(m, "No credit passes", `you earn ${total}`, `No credit passes: you earn ${total} (credit none)`);
            const n = Number(q);
            return choice(m, `Pass 1 credit to ${host.name(n)}`, `you earn ${total - 1}, ${host.name(n)} 1`, `Pass 1 credit to ${host.name(n)}: you earn ${total - 1} (${m})`, n);
          }));
        } else {
          const t = c.next as Type;
          say(h("strong", {}, step === 0 ? "Step 2, collect: " : `Collect (${chosenNotation(c.chosen)}): `),
            `how much ${typeTitle[t]} (${t})? Choose on the ${t} counter`, step === 0 && v.legal.includes("collect nothing") ? ", or collect nothing." : ".");
          if (v.legal.includes("collect nothing")) {
            buttons([choice("collect nothing", "Collect nothing", "end the turn", "Collect nothing: end the turn (collect nothing)")]);
          }
          bar.append(h("p", { class: "note" }, "Only amounts that some legal collection can complete are offered."));
        }
        break;
      }
    }
    return bar;
  }

  // choice is a button for a legal move, with plain words and the
  // notation for screen readers and tooltips.
  function choice(move: string, label: string, words: string, aria: string, seat?: number): HTMLElement {
    return h("button", { class: "osa-choice", "data-move": move, "aria-label": aria, "data-hint": "", title: move, onclick: () => host.move(move) },
      h("span", { class: "osa-choice-label" }, seat ? h("span", { class: "dot", "data-seat-colour": seat }) : null, seat ? " " : null, label),
      h("span", { class: "osa-choice-words" }, words));
  }

  function team(v: View, o: Obs, sv: TeamView, legal: Set<string>): HTMLElement {
    const toMove = sv.seat === o.to_move && o.status !== "over" && !v.over;
    const raising = v.interactive && sv.seat === v.seat && o.phase === "raise";
    const cards = [...sv.roles].sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code) || a.level - b.level);
    // In "+1+1", the card chosen first is marked (and is not the second
    // unless the team holds two of it).
    const first = sv.seat === o.to_move && o.upskill?.first;
    let firstMarked = false;
    const cardEls = cards.map((r) => {
      const key = r.code + r.level;
      let isFirst = false;
      if (first === key && !firstMarked) {
        firstMarked = true;
        isFirst = true;
      }
      const move = raising && !isFirst && legal.has("raise " + key) ? "raise " + key : undefined;
      const by = o.upskill?.form === "+2" ? 2 : 1;
      return roleCard(r.code, r.level, o.levels.role_max, sv.seat, move ? { move, by, aria: `Raise ${roleName(r.code)} from level ${r.level} to ${r.level + by} (${move})` } : undefined, isFirst);
    });
    const winner = o.status === "over" && (o.returns?.[sv.seat - 1] || 0) > 0;
    return hinted(h("section", {
      class: "osa-team" + (toMove ? " current" : "") + (sv.seat === v.seat ? " mine" : "") + (winner ? " winner" : ""),
      "data-team": sv.seat, "data-credits": sv.credits, "aria-label": `${host.name(sv.seat)}'s team`,
    },
      h("header", {},
        h("span", { class: "osa-who" }, h("span", { class: "dot", "data-seat-colour": sv.seat }), " ", host.name(sv.seat), sv.seat === v.seat ? " · you" : ""),
        toMove ? h("span", { class: "osa-badge move" }, o.chance ? "drawing" : "to move") : null,
        o.event && sv.seat === o.first && o.status !== "over" && !v.over ? h("span", { class: "osa-badge first", title: "the round's first player" }, `began round ${o.round}`) : null,
        winner ? h("span", { class: "osa-badge win" }, "winner") : null,
        hinted(h("span", { class: "osa-credits", "data-credits": sv.credits }, h("strong", {}, String(sv.credits)), sv.credits === 1 ? " credit" : " credits"),
          `${host.name(sv.seat)}: ${plural(sv.credits, "credit")}, the game's points (1 per resource collected; the most credits after round ${o.rounds} win)`, false)),
      h("div", { class: "osa-cards" }, roleCard("DD", sv.driver, o.levels.driver_max, sv.seat), ...cardEls)),
      `${host.name(sv.seat)}'s team${sv.seat === v.seat ? " (yours)" : ""}: ${plural(sv.credits, "credit")}, Discovery Driver at level ${sv.driver}, ${plural(sv.roles.length, "role card")}` + (toMove ? "; to move" : ""), false);
  }

  function roleCard(code: string, level: number, max: number, seat: number, raise?: { move: string; aria: string; by: number }, isFirst = false): HTMLElement {
    const ri = roles[code];
    const top = Math.max(max, level);
    const meter = s("svg", { viewBox: `0 0 ${top * 8} 8`, class: "osa-meter", "aria-hidden": "true" });
    for (let k = 0; k < top; k++) meter.append(s("circle", { cx: 4 + k * 8, cy: 4, r: 2.8, class: k < level ? "on" : "off" }));
    const label = `${ri.name}, level ${level}`;
    const words = `${host.name(seat)}'s ${ri.name} (${code}), level ${level} of at most ${max}: ${roleGives(code, level)}` +
      (raise ? `. Raising it by ${raise.by} makes it level ${level + raise.by} (${raise.move})` : "") + (isFirst ? ". Chosen first for the +1 +1" : "") + ".";
    const inner: Node[] = [
      h("span", { class: "osa-code" }, code),
      h("span", { class: "osa-name" }, ri.short),
      meter,
      h("span", { class: "osa-level" }, `level ${level}`),
    ];
    const cls = `osa-card role-${code}` + (raise ? " raisable" : "") + (isFirst ? " first-chosen" : "");
    if (raise) {
      inner.push(h("span", { class: "osa-raise-tag", "aria-hidden": "true" }, `▲ raise +${raise.by}`));
      return h("button", { class: cls, "data-role-card": code + level, "data-seat": seat, "data-move": raise.move, "aria-label": raise.aria, "data-hint": words, title: raise.move, onclick: () => host.move(raise.move) }, ...inner);
    }
    return hinted(h("div", { class: cls, "data-role-card": code + level, "data-seat": seat, "data-hint-key": `card:${seat}:${code}${level}`, role: "img", "aria-label": label + (isFirst ? ", chosen first" : ""), title: `${label}: collects ${ri.collects}` }, ...inner), words);
  }

  function drawPanel(v: View, o: Obs): void {
    const ranked = [...o.seats];
    fill(info,
      h("table", { class: "osa-scores" },
        h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", { class: "num" }, "credits"), h("th", { class: "num" }, "DD"), h("th", { class: "num" }, "roles"))),
        h("tbody", {}, ...ranked.map((sv) => hinted(h("tr", { class: sv.seat === o.to_move && o.status !== "over" && !v.over ? "current" : "", "data-seat": sv.seat },
          h("td", {}, h("span", { class: "dot", "data-seat-colour": sv.seat }), " ", host.name(sv.seat), sv.seat === v.seat ? " · you" : ""),
          h("td", { class: "num" }, sv.credits),
          h("td", { class: "num" }, sv.driver),
          h("td", { class: "num" }, sv.roles.length)),
          `${host.name(sv.seat)}: ${plural(sv.credits, "credit")}, Discovery Driver at level ${sv.driver}, ${plural(sv.roles.length, "role card")}` +
          (sv.roles.length ? ` (${[...sv.roles].sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code)).map((r) => `${r.code} ${r.level}`).join(", ")})` : ""), false)))),
      o.event && o.status !== "over" && !v.over ? h("p", { class: "note" },
        `The round ends after a turn that leaves two types at 0${o.round_end === "full-circle" ? " (then play goes on to the round's first player)" : ""}, or after ${o.players} turns in a row without a collection`,
        o.idle ? ` (now ${o.idle})` : "", ".") : null,
      h("div", { class: "osa-deck" }, hinted(h("strong", {}, `Role deck: ${plural(o.deck_size, "card")}`), `Role deck: ${plural(o.deck_size, "card")} left to hire from`, false),
        h("div", { class: "osa-deck-counts" }, ...ORDER.map((c) => {
          const n = Object.entries(o.deck).find(([k]) => codeOfRole[k] === c)?.[1] || 0;
          return hinted(h("span", { class: `osa-chip role-${c}` + (n ? "" : " empty") }, `${c} ${n}`), `${roleName(c)} (${c}): ${plural(n, "card")} left in the role deck`, false);
        }))),
      o.past.length ? h("p", { class: "note" }, "Past Events: ", o.past.join(", "), ".") : null);
  }

  function doing(o: Obs): string {
    switch (o.phase) {
      case "pick": return "is picking a Specialist";
      case "step1": return "is choosing: upskill or hire";
      case "raise": return o.upskill?.first ? `is upskilling +1 +1 (${o.upskill.first} first): the second role` : `is upskilling ${o.upskill?.form || ""}: choosing the role`;
      case "collect": {
        const c = o.collecting!;
        return c.next === "credit" ? "is choosing who receives the Social Glue credit" : `is choosing the ${c.next} amount (${typeTitle[c.next as Type]})`;
      }
    }
    return "is to move";
  }

  function chanceWords(o: Obs): string {
    switch (o.phase) {
      case "deal": return "Dealing each player a first role";
      case "hire": {
        const q = Number(o.chance?.match(/seat (\d+)/)?.[1] || 0);
        return `${q ? host.name(q) : "A player"} hires: drawing a role card`;
      }
      case "event": return `Revealing the Event of round ${o.round + 1}`;
    }
    return o.chance || "Waiting";
  }

  function outcomeText(o: Obs): string {
    const ret = o.returns || [];
    const winners = o.seats.filter((sv) => (ret[sv.seat - 1] || 0) > 0);
    const best = Math.max(...o.seats.map((sv) => sv.credits));
    const others = o.seats.filter((sv) => !winners.includes(sv)).map((sv) => `${host.name(sv.seat)} ${sv.credits}`);
    const rest = others.length ? `; then ${others.join(", ")}` : "";
    if (winners.length === 1) return `${host.name(winners[0].seat)} wins with ${plural(best, "credit")}${rest}.`;
    const names = winners.map((sv) => host.name(sv.seat));
    const list = names.length === 2 ? names.join(" and ") : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
    return `${list} share the win with ${plural(best, "credit")} each${rest}.`;
  }

  return {
    update,
    status(v) {
      const o = v.obs as Obs;
      if (o.status === "over" || v.over) return "";
      if (o.chance || !o.to_move) return chanceWords(o);
      switch (o.phase) {
        case "pick": return "pick a Specialist";
        case "step1": return `upskill or hire (round ${o.round} of ${o.rounds})`;
        case "raise": return o.upskill?.first ? `upskill +1 +1, ${o.upskill.first} first: choose the second role` : `upskill ${o.upskill?.form}: choose the role`;
        case "collect": {
          const c = o.collecting!;
          const so = c.chosen.length ? `collecting ${chosenNotation(c.chosen)}` : "collect";
          if (c.next === "credit") return `${so}: who receives the Social Glue credit`;
          return `${so}: the ${c.next} amount (${typeTitle[c.next as Type]})${c.chosen.length ? "" : ", or collect nothing"}`;
        }
      }
      return "";
    },
    outcome(v) {
      return outcomeText(v.obs as Obs);
    },
    entry(e: Entry) {
      const m = e.move.startsWith("*") ? e.move.slice(1) : e.move;
      const w = m.split(" ");
      const amount = m.match(/^([gpyb])(\d+)$/);
      if (amount) {
        const t = TYPES[LETTERS.indexOf(amount[1])];
        return `collects ${m} → ${amountWords(t, Number(amount[2]))}`;
      }
      switch (w[0]) {
        case "pick": return `picks ${roleName(w[1])} (${m})`;
        case "draw": return `a ${roleName(w[1])} is drawn (${m})`;
        case "event": return `the Event is ${eventTitle(w[1])} (${m})`;
        case "hire": return "hires (hire)";
        case "upskill": return `upskills: ${step1Words[m]?.[1] || w[1]} (${m})`;
        case "raise": {
          const r = w[1]?.match(/^([A-Za-z]+)(\d+)$/);
          return r ? `raises the ${roleName(r[1].toUpperCase())} at level ${r[2]} (${m})` : m;
        }
        case "collect": return "collects nothing (collect nothing)";
        case "credit": return w[1] === "none" ? "no credit passes (credit none)" : `passes 1 credit to ${host.name(Number(w[1]))} (${m})`;
      }
      return m;
    },
  };
};
