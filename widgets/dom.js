// Small DOM helper shared by the games' widget modules.

/**
 * el("button", {class: "hw-btn", text: "Roll", "data-role": "roll"}, [child, …])
 * "class", "html" and "text" are special; every other key becomes an attribute.
 */
export function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

/**
 * Grey a control (``why``: a sentence in the reader's language saying why) or make it live again (``why``
 * empty). The reason is the control's tooltip, which is also its accessible description: a grey control
 * always says why it is grey, at the moment it greys.
 */
export function grey(control, why) {
  control.disabled = Boolean(why);
  if (why) control.title = why;
  else control.removeAttribute("title");
}

/*
 * Shareable widget state. A widget with a state (a hand, a throw, a seed) puts it in the page address as
 * ?<widget-name>=<JSON>, e.g. ?gupai-hand={"seed":324}, so that a copied link opens the widget in that state.
 *   const start = sharedState(root);          // the state from the address, or null
 *   shareButton(root, () => ({seed}), t)      // a button that copies the link (and shows it)
 */
export function sharedState(root) {
  const raw = new URLSearchParams(window.location.search).get(root.dataset.widget);
  if (!raw || raw.length > LINK_LIMITS.chars) return null;
  try {
    const v = JSON.parse(raw);
    return v && typeof v === "object" && !Array.isArray(v) && modest(v) ? v : null;
  } catch {
    return null;
  }
}

/*
 * What a shared link may carry. Any state a widget shares is a few levels deep (an object of lists of
 * moves, a move an object of tiles) and a few thousand values at most; a link beyond that is not one
 * this site made, and is ignored (the widget starts as it would without it) before anything is drawn
 * or sent to the engine. Each widget then cuts every list it takes from a link to the engine's limit.
 */
export const LINK_LIMITS = { chars: 65_536, depth: 8, values: 20_000 };

/** Whether ``value`` stays within LINK_LIMITS' depth and number of values (walked without recursion). */
export function modest(value, { depth = LINK_LIMITS.depth, values = LINK_LIMITS.values } = {}) {
  const stack = [[value, 1]];
  let seen = 0;
  while (stack.length) {
    const [v, d] = stack.pop();
    if (++seen > values) return false;
    if (v === null || typeof v !== "object") continue;
    if (d > depth) return false;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, d + 1]);
  }
  return true;
}

/** ``obj[key]`` when ``key`` is ``obj``'s own property, else undefined: link text such as "constructor"
 * or "__proto__" never reaches a built-in of every object. */
export function own(obj, key) {
  return obj != null && typeof key === "string" && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** At most ``n`` entries of ``list`` (an empty list when it is not one). */
export function upTo(list, n) {
  return Array.isArray(list) ? list.slice(0, n) : [];
}

export function shareLink(root, state) {
  const url = new URL(window.location.href);
  url.hash = root.id ? `#${root.id}` : "";
  url.searchParams.set(root.dataset.widget, JSON.stringify(state));
  return url.href;
}

export function shareButton(root, getState, t) {
  const out = el("input", { class: "hw-share-url", type: "text", readonly: "", "aria-label": t("可分享的链接", "Link to share") });
  out.hidden = true;
  const btn = el("button", { class: "hw-btn hw-share", type: "button", text: t("分享此状态的链接", "Share a link to this") });
  btn.addEventListener("click", async () => {
    out.value = shareLink(root, getState());
    out.hidden = false;
    out.select();
    try { await navigator.clipboard.writeText(out.value); btn.textContent = t("链接已复制", "Link copied"); } catch { /* shown in the box */ }
  });
  return el("span", { class: "hw-share-box" }, [btn, out]);
}

// ---------------------------------------------------------------- keyboard (every game's table)

/** The focus kept on the next sensible control when a widget draws its answer again: a control that is
 *  redrawn or greyed while it has the focus would leave it on the page's body, and the next Tab would start
 *  from the top of the page. Returns restore(), called after each redraw: if the reader was working inside
 *  the widget and the focus fell out of it, the first visible, enabled match of ``prefer`` takes it. */
export function focusKeeper(root, prefer) {
  let inside = false;
  root.addEventListener("focusin", () => { inside = true; });
  root.addEventListener("focusout", (ev) => { if (ev.relatedTarget && !root.contains(ev.relatedTarget)) inside = false; });
  return () => {
    const a = document.activeElement;
    if (!inside || (a && a !== document.body && a.isConnected && !a.disabled)) return;
    for (const sel of prefer) {
      const x = [...root.querySelectorAll(sel)].find((n) => !n.disabled && n.getClientRects().length > 0);
      if (x) { x.focus(); return; }
    }
  };
}

/** Arrow keys move within a row of choices (a hand of tiles or cards, a row of buttons) found by ``selector``
 *  inside ``box`` (which may be redrawn: the keys are heard on box); the row is one stop for Tab (rove()). */
export function arrowKeys(box, selector) {
  const row = (x) => [...(x.parentElement || box).children].filter((n) => n.matches(selector) && !n.disabled);
  box.addEventListener("keydown", (ev) => {
    const x = ev.target;
    if (!(x instanceof Element) || !x.matches(selector)) return;
    const xs = row(x);
    const k = xs.indexOf(x);
    const to = { ArrowRight: k + 1, ArrowDown: k + 1, ArrowLeft: k - 1, ArrowUp: k - 1, Home: 0, End: xs.length - 1 }[ev.key];
    if (to === undefined || !xs.length) return;
    ev.preventDefault();
    const y = xs[(to + xs.length) % xs.length];
    rove(box, selector, y);
    y.focus();
  });
  box.addEventListener("focusin", (ev) => { if (ev.target instanceof Element && ev.target.matches(selector)) rove(box, selector, ev.target); });
}

/** One Tab stop for each row of ``selector`` in ``box``: ``keep`` (or the row's first enabled item). */
export function rove(box, selector, keep = null) {
  const rows = new Map();
  for (const x of box.querySelectorAll(selector)) {
    const p = x.parentElement;
    if (!rows.has(p)) rows.set(p, []);
    rows.get(p).push(x);
  }
  for (const xs of rows.values()) {
    const on = (keep && xs.includes(keep) ? keep : null) || xs.find((x) => !x.disabled) || xs[0];
    for (const x of xs) x.setAttribute("tabindex", x === on ? "0" : "-1");
  }
}

/** A "skip to the game" link, the first stop after the theme's own skip link, that takes the focus to the
 *  widget's first enabled control among ``prefer`` (the reader's hand first). */
export function skipLink(root, t, prefer = []) {
  if (!root.id) root.id = `hw-${root.dataset.widget || "game"}-${[...document.querySelectorAll("[data-widget]")].indexOf(root)}`;
  for (const a of document.querySelectorAll(".hw-skip")) if (a.dataset.hwSkip === root.id || !document.getElementById(a.dataset.hwSkip)) a.remove();
  // a button, not a link to #id: the theme's instant navigation takes over links to a place in the page
  const link = el("button", { type: "button", class: "md-skip hw-skip", "data-hw-skip": root.id, text: t("跳到游戏", "Skip to the game") });
  link.addEventListener("click", (ev) => {
    ev.preventDefault();
    root.scrollIntoView({ block: "start" });
    for (const sel of [...prefer, "button:not([disabled]), select:not([disabled]), input:not([disabled])"]) {
      const x = [...root.querySelectorAll(sel)].find((n) => !n.disabled && n.getClientRects().length > 0);
      if (x) { x.focus(); return; }
    }
  });
  const theme = document.querySelector("a.md-skip:not(.hw-skip)");
  if (theme) theme.after(link); else document.body.prepend(link);
  return link;
}

/**
 * A box drawn again while a finger or the mouse is pressed on it loses the tap: the press began on a control that
 * is no longer in the page, so no click follows. ``const untouched = pressGuard(box)``; ``await untouched()``
 * before replacing the box's content waits until the press is over and its click has been handled.
 */
export function pressGuard(box) {
  let down = false;
  const waiting = [];
  box.addEventListener("pointerdown", () => { down = true; });
  const up = () => {
    if (!down) return;
    down = false;
    setTimeout(() => { for (const go of waiting.splice(0)) go(); }, 0); // after the click the release makes
  };
  for (const kind of ["pointerup", "pointercancel"]) window.addEventListener(kind, up, true);
  window.addEventListener("blur", up);
  return () => (down ? new Promise((go) => { waiting.push(go); }) : Promise.resolve());
}
