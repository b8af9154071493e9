// Layout probe for tests/web/test_layout.py: run in the page with page.evaluate(source).
// Returns a list of offenders, each {kind, what, detail}:
//   page-scroll  the document is wider than the viewport (sideways scrolling on a phone)
//   cut          text wider (or taller) than its box that hides the rest (scrollWidth > clientWidth)
//   outside      an element sticking out of an ancestor that clips it (overflow hidden/clip)
//                or out of the viewport sideways; inside a scrolling panel only sticking out
//                sideways counts (up and down is what the panel scrolls to)
//   overlap      two visible text or interactive boxes, neither inside the other, covering
//                each other by more than 2 px in both directions
// Only what a person sees counts: elements hidden by display, visibility, opacity 0, the
// visually-hidden class, or scrolled out of a scrolling panel are skipped.
(() => {
  const TOL = 2;                      // px of anti-aliasing slack
  const INTERACTIVE = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex='0']";
  // boxes that are one thing to the eye (a card, a chip, the dealer button): their inner
  // parts are not compared with each other
  const ATOMS = ".card, .dealer-button, .bet-chip, .timer, .slot";
  const SKIP = ".visually-hidden, .sprite, .toast, .skip-link, .copy-buffer, .chip-fly, noscript, script, style";
  const vw = document.documentElement.clientWidth;

  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    const cls = [...el.classList].slice(0, 3).join(".");
    if (cls) s += `.${cls}`;
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ");
    return text ? `${s} "${text.slice(0, 40)}"` : s;
  };

  const hidden = (el) => {
    if (el.closest(SKIP)) return true;
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || cs.visibility === "collapse") return true;
      if (Number(cs.opacity) === 0) return true;
      if (e.tagName === "DIALOG" && !e.open) return true;
      if (e.tagName === "DETAILS" && !e.open && e !== el && !el.closest("summary")) return true;
    }
    const r = el.getBoundingClientRect();
    return r.width < 1 || r.height < 1;
  };

  const clips = (cs) => /hidden|clip|auto|scroll/.test(cs.overflowX + cs.overflowY);
  const scrolls = (cs) => /auto|scroll/.test(cs.overflowX + cs.overflowY);

  // the part of an element's box that is not scrolled away by a scrolling ancestor
  const visibleRect = (el, r) => {
    let { left, top, right, bottom } = r;
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (!scrolls(cs)) continue;
      const c = e.getBoundingClientRect();
      left = Math.max(left, c.left); top = Math.max(top, c.top);
      right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
    }
    return right - left >= 1 && bottom - top >= 1 ? { left, top, right, bottom } : null;
  };

  // the box of an element's own text (not of its whole block), or null without own text
  const textRect = (el) => {
    const range = document.createRange();
    let box = null;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.height < 1) continue;
        box = box ? {
          left: Math.min(box.left, r.left), top: Math.min(box.top, r.top),
          right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom),
        } : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }
    }
    return box;
  };

  const offenders = [];
  const add = (kind, el, detail) => offenders.push({ kind, what: describe(el), detail });

  if (document.documentElement.scrollWidth > vw + 1) {
    add("page-scroll", document.documentElement, `${document.documentElement.scrollWidth} > ${vw}`);
  }

  const all = [...document.body.querySelectorAll("*")].filter((el) => !(el instanceof SVGElement) || el.tagName === "svg");
  const shown = all.filter((el) => !hidden(el));
  const atoms = [];
  for (const el of shown) {
    const cs = getComputedStyle(el);
    const interactive = el.matches(INTERACTIVE);
    const atom = el.matches(ATOMS);
    const insideAtom = el.parentElement?.closest(`${ATOMS}, ${INTERACTIVE}`);
    const own = textRect(el);
    // cut text: an element with its own text that hides part of it
    if ((own || interactive) && !el.matches("input, select, textarea") && !scrolls(cs)) {
      const cutX = el.scrollWidth > el.clientWidth + 1 && /hidden|clip/.test(cs.overflowX);
      const cutY = el.scrollHeight > el.clientHeight + 1 && /hidden|clip/.test(cs.overflowY);
      if (cutX || cutY) add("cut", el, `scroll ${el.scrollWidth}x${el.scrollHeight} > client ${el.clientWidth}x${el.clientHeight}`);
    }
    // a select narrower than its longest option cuts that option when it is chosen ("7
    // (standaarc", "Nederlanc"): the browser's own width for it is a copy without width rules
    if (el.tagName === "SELECT" && el.options.length) {
      const copy = el.cloneNode(true);
      copy.removeAttribute("id");
      copy.style.cssText = "position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0;flex:none";
      el.parentElement.append(copy);
      const need = copy.getBoundingClientRect().width;
      copy.remove();
      const has = el.getBoundingClientRect().width;
      if (has + 0.5 < need) add("cut", el, `the longest option needs ${Math.round(need)} px, select is ${Math.round(has)}`);
    }
    const r = el.getBoundingClientRect();
    // outside the viewport sideways, or outside an ancestor that clips it
    if (!insideAtom || atom || interactive) {
      if (r.left < -1 || r.right > vw + 1) {
        const fixed = el.closest(".seat") === null && cs.position === "fixed";
        if (!fixed && !el.closest("dialog:not([open])")) add("outside", el, `x ${Math.round(r.left)}..${Math.round(r.right)} of viewport ${vw}`);
      }
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const pcs = getComputedStyle(e);
        if (scrolls(pcs)) {
          // a panel that scrolls up and down holds what it scrolls to; sideways is cut off
          const c = e.getBoundingClientRect();
          if (r.left < c.left - TOL || r.right > c.right + TOL) add("outside", el, `sticks out sideways of ${describe(e)}`);
          break;
        }
        if (!clips(pcs)) continue;
        const c = e.getBoundingClientRect();
        // a box's own outline and shadow may overhang; its content may not
        if (r.left < c.left - TOL || r.right > c.right + TOL || r.top < c.top - TOL || r.bottom > c.bottom + TOL) {
          if (!el.matches(".visually-hidden *")) add("outside", el, `sticks out of ${describe(e)}`);
        }
        break;
      }
    }
    // atoms compared for overlaps: interactive boxes, cards and chips, and own text
    if (insideAtom) continue;
    if (interactive || atom) {
      const v = visibleRect(el, r);
      if (v) atoms.push({ el, r: v });
    } else if (own) {
      const v = visibleRect(el, own);
      if (v) atoms.push({ el, r: v });
    }
  }

  // a face-down stack and a player's hand overlap on purpose (fanned cards)
  const fanned = (a, b) => a.el.matches(".card") && b.el.matches(".card") && a.el.parentElement === b.el.parentElement;
  for (let i = 0; i < atoms.length; i++) {
    for (let j = i + 1; j < atoms.length; j++) {
      const a = atoms[i];
      const b = atoms[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const hgt = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > TOL && hgt > TOL && !fanned(a, b)) {
        offenders.push({ kind: "overlap", what: describe(a.el), detail: `covers ${describe(b.el)} by ${Math.round(w)}x${Math.round(hgt)} px` });
      }
    }
  }
  return offenders;
})();
