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
