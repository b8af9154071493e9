// The server's build (docs/protocol.md §4, `welcome`'s `build`): this page's code came with
// the first build it hears of; when a later welcome (a reconnect after the server restarted)
// names another, the server was upgraded under the page, which still runs the old client
// code. A notice then offers a reload; the seat is kept (its token is in localStorage).
import { h } from "./dom.js";
import { t } from "./i18n.js";

let loaded = null;

/**
 * Note the build a `welcome` names; true when it differs from the one this page loaded with
 * (the notice is then shown, once).
 * @param {string|undefined|null} build
 * @returns {boolean}
 */
export function noteBuild(build) {
  if (!build) return false;
  if (loaded === null) {
    loaded = build;
    return false;
  }
  if (build === loaded) return false;
  showUpdateNotice();
  return true;
}

/** The "A new version is available — Reload" notice (once per page). */
export function showUpdateNotice() {
  if (document.getElementById("update-notice")) return;
  const text = t("A new version is available.");
  const reload = t("Reload");
  document.body.append(
    h("div.update-notice", { id: "update-notice", role: "status" },
      h("span", null, text),
      h("button.primary", { type: "button", id: "update-reload", onclick: () => location.reload() }, reload)),
  );
}
