// The head line (turn, supply, deck, who is doing what) and the action
// bar of the Open Source board: what the viewer is to do in words, the
// dice and the tile in play, the preview's Rotate / Place / Cancel, and
// a button for every legal move not made on the board (roll, keep,
// catch, take, return, again, done, bdfl, hardware, reward, pass...).

import { h, fill, plural } from "../../dom";
import { hinted } from "../board";
import { Ctx, Obs } from "./context";
import { diceEl, miniTile } from "./tiles";
import { previewTile } from "./turn";
import { COLOUR, chanceWords, describeEdges, doing, outcomeText, powerName, powerText } from "./words";

type Part = Node | string;

export function drawHead(el: HTMLElement, { v, o, host }: Ctx): void {
  fill(el,
    hinted(h("span", { class: "os-turn", "data-turn": o.turn, "data-key": "count:turn" }, o.status === "setup" ? "Set-up" : `Turn ${o.turn}`, h("span", { class: "os-limit" }, ` of at most ${o.turn_limit}`)),
      `${o.status === "setup" ? "Set-up" : `Turn ${o.turn}`} of at most ${o.turn_limit}: at the limit the game ends and everybody loses`),
    hinted(h("span", { class: "os-count", "data-supply": o.supply_size, "data-key": "count:supply" }, `Supply ${o.supply_size}`),
      `Supply: ${plural(o.supply_size, "tile")} left; when it runs out everybody loses`),
    hinted(h("span", { class: "os-count", "data-deck": o.deck_left, "data-key": "count:deck" }, `Market Demand deck ${o.deck_left + (o.demand ? 1 : 0)}`),
      `Market Demand deck: ${plural(o.deck_left + (o.demand ? 1 : 0), "card")}${o.demand ? `, ${o.demand.name} face up and ${o.deck_left} under it` : ""}; when it runs out the most Market Demand cards win`),
    o.status === "over" || v.over ? null : h("span", { class: "os-who" }, o.to_move ? h("span", { class: "dot", "data-seat-colour": o.to_move }) : null, " ",
      o.to_move ? `${host.name(o.to_move)}${o.to_move === v.seat ? " (you)" : ""} ${doing(o)}` : chanceWords(o)));
}

export function drawAction(el: HTMLElement, ctx: Ctx): void {
  const { v, o } = ctx;
  const mine = v.interactive && v.legal.length > 0;
  el.className = "os-action" + (mine ? " mine" : "");
  el.dataset.action = o.phase;
  fill(el, ...actionParts(ctx, mine));
}

// prompt is a line of the action bar.
const prompt = (...c: Part[]) => h("p", { class: "os-prompt" }, ...c);

// choices is a row of buttons, or nothing without any.
function choices(...c: (Node | null)[]): HTMLElement[] {
  const els = c.filter((x): x is Node => !!x);
  return els.length ? [h("div", { class: "os-choices" }, ...els)] : [];
}

// moveButton is a button that sends move.
function moveButton(ctx: Ctx, move: string, label: Part[], aria: string, cls = "os-choice"): HTMLElement {
  return h("button", { type: "button", class: cls, "data-move": move, "data-key": move, "aria-label": aria, "data-hint": "", title: move, onclick: () => ctx.host.move(move) }, ...label);
}

function actionParts(ctx: Ctx, mine: boolean): Node[] {
  const { v, o, host, picker } = ctx;
  if (o.status === "over") return [prompt(h("strong", {}, "Game over. "), outcomeText(o, host.name))];
  // Ended otherwise than by the rules (a resignation, abandoned): the
  // end screen says how.
  if (v.over) return [prompt(h("strong", {}, "Game over."))];
  const things = thingsEl(o);
  if (!mine) return [prompt(o.to_move ? `${host.name(o.to_move)} ${doing(o)}.` : chanceWords(o) + "…"), ...things];
  if (picker.sel) return [...things, ...previewParts(ctx)];
  if (picker.compat) {
    return [...things, prompt(h("strong", {}, "Compatibility: "), "click a highlighted tile to move or turn it (in the Commons or in your Lab)."),
      ...choices(h("button", { type: "button", class: "os-choice quiet", "data-action": "cancel", "data-key": "cancel", "aria-label": "Cancel: do not use Compatibility", onclick: () => picker.cancel() }, "Cancel"))];
  }
  const p = phasePrompt(ctx);
  return [...things, ...(p ? [p] : []), ...choiceRows(ctx)];
}

// thingsEl shows the dice and the tile in play.
function thingsEl(o: Obs): HTMLElement[] {
  const things: Node[] = [];
  if (o.dice) things.push(h("span", { class: "os-thing" }, "Dice ", diceEl(o.dice, true)));
  const tile = previewTile(o);
  if (tile && o.status === "playing") {
    const n = o.supply.find((c) => c.tile === tile)?.count;
    things.push(hinted(h("span", { class: "os-thing", "data-hand": tile, "data-key": "hand" }, o.hand ? "Tile " : "Moving ", miniTile(tile), h("strong", {}, tile)),
      `${o.hand ? "The tile in hand" : "The tile being moved"}: ${tile}, edges ${describeEdges(tile)} read clockwise` + (n !== undefined ? `; ${n} more in the supply` : "")));
  }
  return things.length ? [h("div", { class: "os-things" }, ...things)] : [];
}

// previewParts describe the selected placement, with Rotate (when it
// has several legal turns), Place and Cancel.
function previewParts({ o, picker }: Ctx): Node[] {
  const sel = picker.sel!;
  const tile = previewTile(o);
  const turns = picker.turns();
  const m = picker.move();
  const where = sel.place === "lab" ? `your Lab's ${sel.at}` : `the Commons' ${sel.at}`;
  return [
    prompt(h("strong", {}, o.phase === "move" ? "Move " : "Place "), `the ${tile} on ${where} at `, h("strong", { "data-preview-turn": sel.k }, `t${sel.k}`),
      turns.length > 1 ? ` (${turns.length} legal turns: ${turns.map((k) => "t" + k).join(", ")}).` : " (its only legal turn)."),
    ...choices(turns.length > 1 ? h("button", { type: "button", class: "os-choice", "data-action": "rotate", "data-key": "rotate", "aria-label": `Rotate: the next legal turn (R); now t${sel.k}`, onclick: () => picker.rotate() }, "⟳ Rotate") : null,
      h("button", { type: "button", class: "os-choice primary", "data-action": "place", "data-move": m, "data-key": "place", "aria-label": `${o.phase === "move" ? "Move" : "Place"} it: ${m} (Enter)`, title: m, onclick: () => picker.place() }, o.phase === "move" ? "Move here" : "Place"),
      h("button", { type: "button", class: "os-choice quiet", "data-action": "cancel", "data-key": "cancel", "aria-label": "Cancel: choose another space (Escape)", onclick: () => picker.cancel() }, "Cancel")),
  ];
}

// phasePrompt says what the viewer is to do at this step.
function phasePrompt({ v, o, picker }: Ctx): HTMLElement | null {
  const has = (p: string) => v.legal.some((m) => m.startsWith(p));
  switch (o.phase) {
    case "begin":
      return prompt(h("strong", {}, "Before the roll: "), "use your Infrastructure, or roll.");
    case "keep":
      return prompt(h("strong", {}, "Agility: "), "keep three of the dice.");
    case "dice":
      return prompt(h("strong", {}, "The dice: "), has("catch") ? "catch a bug (change a die), or take the tile." : "take the tile.",
        has("lift") ? " The supply is out of that type: click a highlighted Commons tile to lift it." : "");
    case "place":
      return prompt(h("strong", {}, `Place the ${o.hand}: `), picker.offers.targets.size ? "click a highlighted space in the Commons or in your Lab to see it there." : "it fits nowhere.");
    case "after":
      return prompt(h("strong", {}, "After the tile: "), "play another, use your Infrastructure, or go on to the reward.");
    case "move":
      return prompt(h("strong", {}, "Compatibility: "), `click a highlighted space for the tile from ${o.moving} (its own space turns it).`);
    case "token":
      return prompt(h("strong", {}, `BDFL token ${o.token}: `), "click a highlighted Commons tile to put it on.");
    case "reward":
      return prompt(h("strong", {}, "Reward: "), "take one card whose condition holds, or none.");
    case "extend":
      return prompt(h("strong", {}, "Market Demand: "), `click a highlighted space beside your Lab for a new Lab space (${plural(o.extend || 1, "space")} to add).`);
  }
  return null;
}

// choiceRows are the buttons of the legal moves not made on the board,
// a row for each kind.
function choiceRows(ctx: Ctx): Node[] {
  const { v, o, picker } = ctx;
  const rest = picker.offers.rest;
  const pick = (p: string) => rest.filter((m) => m.startsWith(p));
  const button = (m: string, label: Part[], aria: string) => moveButton(ctx, m, label, aria);
  const sets = new Map([...o.placemat, ...o.reserve].map((st) => [st.set, st]));
  const held = new Map((o.seats[v.seat - 1]?.infrastructure || []).map((x) => [x.set, x]));
  // Anything else the server offers (a move this board has no words
  // for) is a button too: every legal move can be clicked.
  const known = /^(roll|fork |bdfl |hardware |keep |catch |take |return|again|done|reward |pass)/;
  return [
    ...choices(...pick("roll").map((m) => {
      const n = Number(m.split("+")[1] || 0);
      return button(m, [n ? `Roll +${n}` : "Roll", n ? h("small", {}, ` ${n} Agility ${n === 1 ? "die" : "dice"}`) : ""], n ? `Roll with ${n} extra Agility ${n === 1 ? "die" : "dice"}, keep three (${m})` : "Roll the three dice (roll)");
    })),
    ...choices(...pick("fork ").map((m) => button(m, [miniTile(m.slice(5)), `Fork ${m.slice(5)}`], `Forking: take a ${m.slice(5)} from the supply instead of rolling (${m})`))),
    ...choices(picker.offers.compat.length ? h("button", {
      type: "button", class: "os-choice", "data-action": "compat", "data-key": "compat", "data-moves": picker.offers.compat.join("|"),
      "aria-label": "Compatibility: choose a tile to move or turn", onclick: () => picker.useCompat(),
    }, "Compatibility: move a tile…") : null,
    ...pick("bdfl ").map((m) => {
      const n = Number(m.slice(5));
      const at = o.seats[v.seat - 1]?.tokens?.find((t) => t.number === n)?.at;
      return button(m, [`BDFL token ${n}`, h("small", {}, at ? ` (now on ${at})` : "")], `BDFL: put your token ${n} on a Commons tile${at ? `; it leaves ${at}` : ""} (${m})`);
    }),
    ...pick("hardware ").map((m) => {
      const set = m.slice(9);
      const x = held.get(set) || sets.get(set);
      return button(m, [`Hardware: ${set} again`], `Hardware: use set ${set}${x ? ` (${x.name}, ${powerName(x.reward)})` : ""} once more (${m})`);
    })),
    ...choices(...pick("keep ").map((m) => button(m, ["Keep ", diceEl(m.slice(5))], `Keep ${describeEdges(m.slice(5))} (${m})`))),
    ...choices(...pick("catch ").map((m) => {
      const [a, b] = [m[6], m[8]];
      return button(m, [diceEl(a), " → ", diceEl(b)], `Bug catching: a ${COLOUR[a]} die becomes ${COLOUR[b]} (${m})`);
    })),
    ...choices(...pick("take ").map((m) => button(m, [miniTile(m.slice(5)), `Take ${m.slice(5)}`], `Take a ${m.slice(5)} from the supply (${m})`))),
    ...choices(...pick("return").map((m) => button(m, ["Return the tile"], "The tile fits nowhere: return it to the supply (return)")),
      ...pick("again").map((m) => button(m, ["Another tile", h("small", {}, " Productivity")], "Productivity: roll and play another tile (again)")),
      ...pick("done").map((m) => button(m, ["Done"], "Done: go on to the reward (done)"))),
    ...choices(...pick("reward ").map((m) => {
      const set = m.slice(7);
      if (set === "demand") return button(m, [`Take ${o.demand?.name || "the Market Demand card"}`, h("small", {}, ` +${plural(o.demand?.spaces || 0, "Lab space")}`)], `Take the Market Demand card ${o.demand?.name || ""} (${m})`);
      const st = sets.get(set);
      return button(m, [`Take ${set}: ${st?.name || ""}`, h("small", {}, st ? ` ${powerName(st.reward)}` : "")], `Take Infrastructure ${set}${st ? `, ${st.name}: ${powerText(st.reward)}` : ""} (${m})`);
    }), ...pick("pass").map((m) => button(m, ["No reward"], "Take no reward (pass)"))),
    ...choices(...rest.filter((m) => !known.test(m)).map((m) => button(m, [m], m))),
  ];
}
