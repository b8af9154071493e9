// Translations: the shared gettext catalogue (src/anaconda_poker/i18n, six .po files) served as
// JSON by GET /api/i18n/{lang}. Message ids are the English text; `{name}` marks a placeholder.

import { getPref, setPref } from "./prefs.js";

/** The six languages of the project, each named in its own language. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "it", name: "Italiano" },
  { code: "es", name: "Español" },
  { code: "pt", name: "Português" },
  { code: "nl", name: "Nederlands" },
  { code: "de", name: "Deutsch" },
];

const CODES = LANGUAGES.map((l) => l.code);
let current = "en";
let messages = {};
const listeners = new Set();

/** The language to start with: the remembered one, else the browser's, else English. */
export function initialLanguage() {
  const saved = getPref("lang");
  if (CODES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (CODES.includes(code)) return code;
  }
  return "en";
}

/** The current language code ("en", "it", ...). */
export function currentLanguage() {
  return current;
}

/**
 * Load a language's catalogue and make it current; remembers the choice.
 * Falls back to the English text (the message ids) if the catalogue cannot be loaded.
 */
export async function setLanguage(code) {
  if (!CODES.includes(code)) code = "en";
  let loaded = {};
  try {
    const res = await fetch(`/api/i18n/${code}`, { headers: { Accept: "application/json" } });
    if (res.ok) loaded = normalise(await res.json());
  } catch {
    loaded = {};
  }
  current = code;
  messages = loaded;
  setPref("lang", code);
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

// Accept {msgid: msgstr} or {"messages": {...}}; plural entries may be arrays (take the last
// form for n != 1 and the first for n == 1 in tn()).
function normalise(data) {
  const src = data && typeof data === "object" && data.messages ? data.messages : data;
  const out = {};
  if (src && typeof src === "object") {
    for (const [k, v] of Object.entries(src)) if (v) out[k] = v;
  }
  return out;
}

/** Call `fn(code)` whenever the language changes. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, key) => (key in params ? String(params[key]) : m));
}

/**
 * Translate an English message id, filling `{placeholders}` from `params`.
 * @param {string} msgid  the English text
 * @param {object} [params]
 */
export function t(msgid, params) {
  let text = messages[msgid];
  if (Array.isArray(text)) text = text[0];
  return fill(typeof text === "string" && text ? text : msgid, params);
}

/** Format a chip amount for the current language (thousands separators). */
export function chips(n) {
  if (typeof n !== "number") return String(n ?? "");
  return new Intl.NumberFormat(current).format(n);
}
