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

/** Tell screen readers something without showing it (a polite live region). */
export function say(message) {
  const region = document.getElementById("sr-live");
  if (!region) return;
  region.textContent = "";
  // a fresh text node in the next frame makes repeated messages be read again
  requestAnimationFrame(() => { region.textContent = message; });
}

/**
 * Short visible notice (and live announcement): errors, copied links, rebuys. A page that
 * has a place for notices in its own flow (`#notices`: the table, under its top bar) gets
 * them there, where they push the page down instead of covering it (newcomer trial: a
 * floating toast sat over the showdown's results on a phone and over the side panel's
 * ledger); elsewhere (the lobby) they float in the corner (`#toast`).
 * @param {string} message  the text, already translated
 * @param {"info"|"error"} [kind]
 */
export function announce(message, kind = "info") {
  const box = document.getElementById("notices") || document.getElementById("toast");
  if (!box) return;
  while (box.children.length >= 3) box.firstElementChild.remove();
  const item = h("div.toast-item", { class: `toast-${kind}` }, message);
  box.append(item);
  // long enough to read: errors 6 s, other notices 3.5 s or about 70 ms a character
  setTimeout(() => item.remove(), kind === "error" ? 6000 : Math.max(3500, String(message).length * 70));
}
