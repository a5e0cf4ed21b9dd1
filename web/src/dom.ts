// Small helpers to build HTML and SVG without a framework.

export type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

function apply(el: Element, attrs: Attrs | undefined, children: Child[]): void {
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") {
        el.addEventListener(k.slice(2), v as EventListener);
      } else if (k === "text") {
        el.textContent = String(v);
      } else if (k === "checked" || k === "disabled" || k === "value" || k === "hidden") {
        (el as unknown as Record<string, unknown>)[k] = v;
      } else {
        el.setAttribute(k, v === true ? "" : String(v));
      }
    }
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "object" ? c : String(c));
  }
}

// h makes an HTML element: h("button", {class: "x", onclick: f}, "Label").
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs, children);
  return el;
}

const SVGNS = "http://www.w3.org/2000/svg";

// s makes an SVG element: s("circle", {cx: 1, cy: 2, r: 3}).
export function s(tag: string, attrs?: Attrs, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVGNS, tag) as SVGElement;
  apply(el, attrs, children);
  return el;
}

// title adds a tooltip (and an accessible name) to an SVG element.
export function title(el: SVGElement, text: string): SVGElement {
  el.append(s("title", {}, text));
  return el;
}

// clear empties an element and appends children.
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  apply(el, undefined, children);
}

export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}
