// Tiny DOM helpers: build elements without innerHTML (no injection from player names or chat).

/**
 * Create an element.
 * @param {string} tag  tag name, optionally with classes: "div.seat.active"
 * @param {object|null} attrs  attributes; `on*` functions become listeners, `class`, `dataset`,
 *   `style` (object) and boolean properties are handled.
 * @param {...(Node|string|number|null|false|Array)} children  nested arrays are flattened;
 *   null/false/undefined are skipped; strings become text nodes.
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = name === "svg" || name === "use" ? document.createElementNS(SVG_NS, name)
    : document.createElement(name || "div");
  if (classes.length) el.classList.add(...classes);
  if (attrs) setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      for (const c of String(value).split(/\s+/)) if (c) el.classList.add(c);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

/** Append children (flattening arrays, skipping empty values). */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace every child of `el` by `children`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** An SVG <use> of a symbol from the sprite in index.html (e.g. "suit-h"). */
export function icon(id, cls = "icon") {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#${id}`);
  svg.append(use);
  return svg;
}

let lastSaid = null;  // the builder of the live region's text, when it was given one

/**
 * Tell screen readers something without showing it (a polite live region). `message` is
 * the text, or a function that builds it from structured data: then {@link resay} rebuilds
 * it in a new language (newcomer trial: "Paused by Ana" stayed in English in the page's
 * text after switching to Italian).
 * @param {string|(() => string)} message
 */
export function say(message) {
  const region = document.getElementById("sr-live");
  if (!region) return;
  lastSaid = typeof message === "function" ? message : null;
  const text = typeof message === "function" ? message() : message;
  region.textContent = "";
  // a fresh text node in the next frame makes repeated messages be read again
  requestAnimationFrame(() => { region.textContent = text; });
}

const builders = new WeakMap();  // notice element -> the function that builds its text

/** After a language change: the live region's last message and every notice still shown
 * rebuilt in the new language when they were built from data; a live message given as
 * text is cleared rather than left in the old language. */
export function resay() {
  const region = document.getElementById("sr-live");
  if (region && region.textContent) region.textContent = lastSaid ? lastSaid() : "";
  for (const item of document.querySelectorAll(".toast-item")) {
    const build = builders.get(item);
    if (build) item.textContent = build();
  }
}

/**
 * Short visible notice (and live announcement): errors, copied links, rebuys. A page that
 * has a place for notices in its own flow (`#notices`: the table, under its top bar) gets
 * them there, where they push the page down instead of covering it (newcomer trial: a
 * floating toast sat over the showdown's results on a phone and over the side panel's
 * ledger); elsewhere (the lobby) they float in the corner (`#toast`).
 * @param {string|(() => string)} message  the text, already translated, or a function that
 *   builds it from data (rebuilt in a new language by {@link resay})
 * @param {"info"|"error"} [kind]
 */
export function announce(message, kind = "info") {
  const box = document.getElementById("notices") || document.getElementById("toast");
  if (!box) return;
  while (box.children.length >= 3) box.firstElementChild.remove();
  const text = typeof message === "function" ? message() : message;
  const item = h("div.toast-item", { class: `toast-${kind}` }, text);
  if (typeof message === "function") builders.set(item, message);  // resay() rebuilds it
  box.append(item);
  // long enough to read: errors 6 s, other notices 3.5 s or about 70 ms a character
  setTimeout(() => item.remove(), kind === "error" ? 6000 : Math.max(3500, String(text).length * 70));
}
