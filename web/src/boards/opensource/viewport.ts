// Panning and zooming the Commons: the SVG's view box, moved by a drag
// or the arrow keys, zoomed by the wheel, a pinch, + and − or the zoom
// buttons; "Fit" (or 0) frames what the board holds, and until the
// viewer pans or zooms the view fits itself after every update.

import { h } from "../../dom";
import { HEX, HT, SIDE } from "./geometry";

interface ViewBox {
  x: number;
  y: number;
  w: number;
}

export class Viewport {
  // The view box; auto: fit after every update.
  private vb: ViewBox = { x: -6 * SIDE, y: -4 * HT, w: 12 * SIDE };
  private auto = true;
  // bounds frame what is drawn: [x0, y0, x1, y1].
  private bounds: [number, number, number, number] = [-SIDE, -2 * HT, SIDE, HT];
  // The SVG's size in pixels, as the last layout left it: read from a
  // ResizeObserver, not from the page, so that drawing a state never
  // waits for a layout.
  private size = { w: 0, h: 0 };

  constructor(private svg: SVGSVGElement) {
    const ro = new ResizeObserver((entries) => {
      if (!svg.isConnected) return ro.disconnect();
      const r = entries[entries.length - 1].contentRect;
      if (r.width === this.size.w && r.height === this.size.h) return;
      this.size = { w: r.width, h: r.height };
      this.refresh();
    });
    ro.observe(svg);
    this.listenPointers();
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const p = this.local(e as unknown as PointerEvent);
      const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      this.zoomBy(Math.exp(-dy * 0.0015), p.x, p.y);
    }, { passive: false });
    svg.addEventListener("keydown", (e) => {
      const step = 60;
      switch (e.key) {
        case "ArrowLeft": this.panBy(step, 0); break;
        case "ArrowRight": this.panBy(-step, 0); break;
        case "ArrowUp": this.panBy(0, step); break;
        case "ArrowDown": this.panBy(0, -step); break;
        case "+": case "=": this.zoomBy(1.25); break;
        case "-": case "_": this.zoomBy(1 / 1.25); break;
        case "0": this.fitNow(); break;
        default: return;
      }
      e.preventDefault();
    });
  }

  // buttons are the zoom buttons and Fit.
  buttons(): HTMLElement {
    return h("div", { class: "os-zoom" },
      h("button", { type: "button", "data-action": "zoom-in", "aria-label": "Zoom in (+)", title: "Zoom in (+)", onclick: () => this.zoomBy(1.4) }, "+"),
      h("button", { type: "button", "data-action": "zoom-out", "aria-label": "Zoom out (−)", title: "Zoom out (−)", onclick: () => this.zoomBy(1 / 1.4) }, "−"),
      h("button", { type: "button", "data-action": "fit", "aria-label": "Fit the Commons to the window (0)", title: "Fit (0)", onclick: () => this.fitNow() }, "Fit"));
  }

  // frame sets what the drawing holds, and fits it unless the viewer
  // has panned or zoomed.
  frame(bounds: [number, number, number, number]): void {
    this.bounds = bounds;
    this.refresh();
  }

  private refresh(): void {
    if (this.auto) this.fit();
    else this.apply();
  }

  private aspect(): number {
    return this.size.w > 0 && this.size.h > 0 ? this.size.h / this.size.w : 0.75;
  }

  private pixels(): number {
    return this.size.w || this.svg.getBoundingClientRect().width || 1;
  }

  private apply(): void {
    const vb = this.vb;
    const limit = 2 * HEX * SIDE + 4 * SIDE;
    vb.w = Math.min(Math.max(vb.w, 3 * SIDE), limit);
    const hgt = vb.w * this.aspect();
    // Keep the middle of the view on the table.
    const cx = Math.min(Math.max(vb.x + vb.w / 2, -HEX * SIDE), HEX * SIDE);
    const cy = Math.min(Math.max(vb.y + hgt / 2, -HEX * HT), HEX * HT);
    vb.x = cx - vb.w / 2;
    vb.y = cy - hgt / 2;
    this.svg.setAttribute("viewBox", `${vb.x.toFixed(2)} ${vb.y.toFixed(2)} ${vb.w.toFixed(2)} ${hgt.toFixed(2)}`);
    this.svg.dataset.auto = this.auto ? "true" : "false";
  }

  // fitNow fits, and goes on fitting after every update.
  private fitNow(): void {
    this.auto = true;
    this.fit();
  }

  private fit(): void {
    const [x0, y0, x1, y1] = this.bounds;
    const m = SIDE * 0.8;
    const a = this.aspect();
    const w = Math.max(x1 - x0 + 2 * m, (y1 - y0 + 2 * m) / a, 8 * SIDE);
    this.vb = { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - (w * a) / 2, w };
    this.apply();
  }

  // zoomBy zooms by f about a point of the SVG (pixels from its corner),
  // its middle by default.
  private zoomBy(f: number, px?: number, py?: number): void {
    const vb = this.vb;
    const pw = this.pixels();
    const ph = pw * this.aspect();
    const fx = px === undefined ? 0.5 : px / pw, fy = py === undefined ? 0.5 : py / ph;
    const hgt = vb.w * this.aspect();
    const wx = vb.x + fx * vb.w, wy = vb.y + fy * hgt;
    vb.w = Math.min(Math.max(vb.w / f, 3 * SIDE), 2 * HEX * SIDE + 4 * SIDE);
    vb.x = wx - fx * vb.w;
    vb.y = wy - fy * vb.w * this.aspect();
    this.auto = false;
    this.apply();
  }

  private panBy(dxPx: number, dyPx: number): void {
    const k = this.vb.w / this.pixels();
    this.vb.x -= dxPx * k;
    this.vb.y -= dyPx * k;
    this.auto = false;
    this.apply();
  }

  private local(e: PointerEvent): { x: number; y: number } {
    const r = this.svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  // Pointers: one drags, two pinch. A press that moves less than a few
  // pixels is a click (on a space or a tile); after a drag the click is
  // swallowed.
  private listenPointers(): void {
    const svg = this.svg;
    const pointers = new Map<number, { x: number; y: number }>();
    let dragged = false;
    let pressAt: { x: number; y: number } | null = null;
    let pinch: { d: number; mx: number; my: number } | null = null;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      pointers.set(e.pointerId, this.local(e));
      if (pointers.size === 1) {
        pressAt = this.local(e);
        dragged = false;
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
        dragged = true;
      }
    });
    svg.addEventListener("pointermove", (e) => {
      const prev = pointers.get(e.pointerId);
      if (!prev) return;
      const p = this.local(e);
      pointers.set(e.pointerId, p);
      if (pointers.size >= 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
        this.panBy(mx - pinch.mx, my - pinch.my);
        this.zoomBy(d / pinch.d, mx, my);
        pinch = { d, mx, my };
        return;
      }
      if (!dragged && pressAt && Math.hypot(p.x - pressAt.x, p.y - pressAt.y) < 6) return;
      if (!dragged) {
        dragged = true;
        svg.setPointerCapture(e.pointerId);
        svg.classList.add("dragging");
      }
      this.panBy(p.x - prev.x, p.y - prev.y);
    });
    const release = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) svg.classList.remove("dragging");
    };
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);
    svg.addEventListener("click", (e) => {
      if (dragged) {
        e.stopPropagation();
        e.preventDefault();
        dragged = false;
      }
    }, { capture: true });
  }
}
