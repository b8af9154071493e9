// Entry point: header (navigation, language, four-colour deck), hash router, page lifecycle.

import { h, replace, resay } from "./dom.js";
import { LANGUAGES, currentLanguage, initialLanguage, onLanguageChange, setLanguage, t } from "./i18n.js";
import { getPref, setPref } from "./prefs.js";

const routes = {
  lobby: () => import("./lobby.js"),
  table: () => import("./table.js"),
  rules: () => import("./rules.js"),
};

let page = null;       // the current page object: {destroy(), rerender()}
let pageKey = "";

/** Parse location into a route: #/table/<id>, #/rules, #/ (lobby). `?table=` from invites. */
function parseRoute() {
  const params = new URLSearchParams(location.search);
  const invited = params.get("table");
  if (invited) {
    // /t/<id> redirects to /?table=<id>; keep one canonical form: /#/table/<id>
    history.replaceState(null, "", `/#/table/${encodeURIComponent(invited)}`);
  }
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "table" && parts[1]) return { name: "table", id: parts[1] };
  if (parts[0] === "rules") return { name: "rules" };
  return { name: "lobby" };
}

async function navigate() {
  const route = parseRoute();
  const key = JSON.stringify(route);
  if (key === pageKey && page) return;
  if (page) page.destroy?.();
  page = null;
  pageKey = key;
  renderHeader(route);
  const main = document.getElementById("main");
  const mod = await routes[route.name]();
  if (pageKey !== key) return;   // navigated away while loading
  window.scrollTo(0, 0);
  page = mod.mount(main, route);
  document.title = `${page.title?.() || t("Anaconda poker")} · ${t("Anaconda poker")}`;
}

function renderHeader(route = parseRoute()) {
  const header = document.getElementById("app-header");
  const link = (href, label, name) => h("a", { href, "aria-current": route.name === name ? "page" : null }, label);
  const langSelect = h("select", {
    id: "lang-select",
    "aria-label": t("Language"),
    onchange: async (ev) => {
      await setLanguage(ev.target.value);
    },
  }, LANGUAGES.map((l) => h("option", { value: l.code, selected: l.code === currentLanguage() }, l.name)));
  const fourColor = h("input", {
    type: "checkbox",
    id: "four-color",
    checked: getPref("fourColor"),
    onchange: (ev) => {
      setPref("fourColor", ev.target.checked);
      applyDeck();
    },
  });
  replace(header,
    h("a.brand", { href: "#/", "aria-label": t("Anaconda poker") }, h("img", { src: "/img/favicon.svg", alt: "" }), h("span.brand-text", null, t("Anaconda poker"))),
    h("nav.app-nav", { "aria-label": t("Main") },
      link("#/", t("Lobby"), "lobby"),
      link("#/rules", t("Rules"), "rules")),
    h("div.header-tools",
      null,
      h("label", { for: "four-color", title: t("Four-colour deck") }, fourColor,
        h("span.suit-swatch", { "aria-hidden": "true" },
          h("span.sw-s", null, "♠"), h("span.sw-h", null, "♥"), h("span.sw-d", null, "♦"), h("span.sw-c", null, "♣")),
        h("span.label-text", null, t("Four-colour deck"))),
      h("label", { for: "lang-select" }, h("span.visually-hidden", null, t("Language")), langSelect)));
  const skip = document.querySelector(".skip-link");
  if (skip) skip.textContent = t("Skip to content");
}

function applyDeck() {
  document.body.classList.toggle("four-color", Boolean(getPref("fourColor")));
}

async function start() {
  applyDeck();
  await setLanguage(initialLanguage());
  onLanguageChange(() => {
    const fromMenu = document.activeElement?.id === "lang-select";
    renderHeader();
    page?.rerender?.();
    resay();  // the live region's last message, in the new language
    if (page) document.title = `${page.title?.() || t("Anaconda poker")} · ${t("Anaconda poker")}`;
    // keep keyboard users where they were when they used the language menu
    if (fromMenu) document.getElementById("lang-select")?.focus();
  });
  window.addEventListener("hashchange", navigate);
  await navigate();
}

start();
