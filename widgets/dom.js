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
