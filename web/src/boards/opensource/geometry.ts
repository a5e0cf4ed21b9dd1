// The triangle grid of Open Source, the Board Game: where a space lies
// in the SVG's units, its corners and edges, and a tile's edges at a
// turn. Spaces are "row,col"; a space points up when row + col is even.
// A space's edges are numbered from its horizontal one clockwise; at
// turn k a tile's own edge (e + k) mod 3 lies on edge e.

// A triangle's side and height in the SVG's units.
export const SIDE = 10;
export const HT = (SIDE * Math.sqrt(3)) / 2;
// The Commons is the hexagon of side 16 (G6).
export const HEX = 16;

export type Pt = [number, number];

// Place is where a tile lies: the shared Commons or the viewer's Lab.
export type Place = "commons" | "lab";

export const parseAt = (at: string): [number, number] => {
  const [r, c] = at.split(",").map(Number);
  return [r, c];
};

export const isUp = (row: number, col: number) => (((row + col) % 2) + 2) % 2 === 0;

// corners of a space: pointing up, bottom-left, apex, bottom-right;
// pointing down, top-left, top-right, apex (y grows downwards).
export function corners(row: number, col: number, up: boolean): Pt[] {
  const x = (col * SIDE) / 2, top = -row * HT, bottom = top + HT;
  return up
    ? [[x - SIDE / 2, bottom], [x, top], [x + SIDE / 2, bottom]]
    : [[x - SIDE / 2, top], [x + SIDE / 2, top], [x, bottom]];
}

// edgeEnds are each edge's two ends, edges numbered from the horizontal
// one clockwise: up, bottom, left, right; down, top, right, left.
export function edgeEnds(c: Pt[], up: boolean): [Pt, Pt][] {
  return up ? [[c[0], c[2]], [c[0], c[1]], [c[1], c[2]]] : [[c[0], c[1]], [c[1], c[2]], [c[2], c[0]]];
}

export const centroid = (c: Pt[]): Pt => [(c[0][0] + c[1][0] + c[2][0]) / 3, (c[0][1] + c[1][1] + c[2][1]) / 3];
export const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
export const pts = (list: Pt[]) => list.map((p) => `${+p[0].toFixed(2)},${+p[1].toFixed(2)}`).join(" ");

// edgesAt are a tile's edges as they lie at turn k: space edge e shows
// the tile's own edge (e + k) mod 3.
export const edgesAt = (tile: string, k: number) => [0, 1, 2].map((e) => tile[(e + k) % 3]).join("");

// Extent is the box around what a drawing holds (spaces, or points), to
// frame it: empty until something is added.
export class Extent {
  x0 = Infinity;
  y0 = Infinity;
  x1 = -Infinity;
  y1 = -Infinity;

  // space adds the band of the space at row, col: its width and its
  // row's height.
  space(row: number, col: number): void {
    const x = (col * SIDE) / 2, y = -row * HT;
    this.x0 = Math.min(this.x0, x - SIDE / 2); this.x1 = Math.max(this.x1, x + SIDE / 2);
    this.y0 = Math.min(this.y0, y); this.y1 = Math.max(this.y1, y + HT);
  }

  point(p: Pt): void {
    this.x0 = Math.min(this.x0, p[0]); this.x1 = Math.max(this.x1, p[0]);
    this.y0 = Math.min(this.y0, p[1]); this.y1 = Math.max(this.y1, p[1]);
  }

  // box is [x0, y0, x1, y1], or empty's when nothing was added.
  box(empty: [number, number, number, number]): [number, number, number, number] {
    return this.x0 === Infinity ? empty : [this.x0, this.y0, this.x1, this.y1];
  }
}
