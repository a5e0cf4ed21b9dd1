// Client-side navigation: the server answers every page path with the
// same index.html, and the app draws the view the path names.

let router: () => void = () => {};

export function setRouter(fn: () => void): void {
  router = fn;
}

// navigate shows the view of path, adding it to the browser's history.
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  router();
  window.scrollTo(0, 0);
}

// mark publishes the view's state on <body> as data-* attributes, for
// styles and for the browser tests.
export function mark(attrs: Record<string, string | number | boolean | undefined>): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) delete document.body.dataset[k];
    else document.body.dataset[k] = String(v);
  }
}

export function unmarkAll(): void {
  for (const k of Object.keys(document.body.dataset)) delete document.body.dataset[k];
}
