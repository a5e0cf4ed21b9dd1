// Keeping the keyboard where the player was when a state redraws the
// board and the panel (the same control, found again by what it does,
// or else the board), and keeping a board within the window.

// keepFocus runs draw, which draws app anew, and puts the focus back
// on the control that had it, or else on the board's tab stop in
// boardEl.
export function keepFocus(app: HTMLElement, boardEl: HTMLElement, draw: () => void): void {
  const active = document.activeElement as HTMLElement | null;
  const wasIn = !!active && active !== document.body && app.contains(active);
  const key = wasIn ? focusKey(active!) : "";
  draw();
  const now = document.activeElement;
  if (wasIn && (!now || now === document.body || !app.contains(now))) {
    const again = (key && app.querySelector<HTMLElement>(key)) || boardEl.querySelector<HTMLElement>('[tabindex="0"]');
    again?.focus({ preventScroll: true });
  }
}

// focusKey is a selector that finds the control el again after it is
// drawn anew: its data attribute that names what it does.
function focusKey(el: HTMLElement): string {
  for (const a of ["point", "sector", "at", "move", "handCard", "legalMove", "tile", "turn", "crew", "col"]) {
    const v = el.dataset?.[a];
    if (v === undefined) continue;
    const attr = "data-" + a.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    const tag = el.tagName.toLowerCase();
    if (a === "col") return `${tag}[data-col="${v}"][data-row="${el.dataset.row}"]`;
    return `${tag}[${attr}="${CSS.escape(v)}"]`;
  }
  return "";
}

// fitBoard keeps a board within the window on a wide screen: its
// height is at most what is left below its top.
export function fitBoard(): void {
  const wrap = document.querySelector<HTMLElement>(".board-wrap");
  if (!wrap) return;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  document.documentElement.style.setProperty("--board-top", `${Math.round(top)}px`);
}
