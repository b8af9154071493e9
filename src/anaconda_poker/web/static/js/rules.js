// The rules page in the current language: static/rules/<lang>.html (written by us for each of
// the six languages), embedded in the app. The files also open on their own.

import { h, replace } from "./dom.js";
import { LANGUAGES, currentLanguage, setLanguage, t } from "./i18n.js";

export function mount(main) {
  let seq = 0;
  async function render() {
    const my = ++seq;
    const lang = currentLanguage();
    replace(main, h("p.loading", null, t("Loading…")));
    let article;
    try {
      const res = await fetch(`/rules/${lang}.html`);
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      article = doc.querySelector("article");
    } catch {
      article = null;
    }
    if (my !== seq) return;
    const page = h("div.rules-page", { lang },
      h("nav.rules-langs", { "aria-label": t("Rules in other languages") },
        LANGUAGES.map((l) => h("button.small", {
          type: "button", lang: l.code, "aria-pressed": l.code === lang ? "true" : "false",
          onclick: () => setLanguage(l.code),
        }, l.name))));
    if (article) page.append(document.importNode(article, true));
    else page.append(h("p.error-box", null, t("The rules page could not be loaded.")));
    replace(main, page);
  }
  render();
  return { title: () => t("Rules"), rerender: render, destroy: () => { seq += 1; } };
}
