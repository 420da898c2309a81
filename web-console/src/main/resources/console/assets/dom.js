// A tiny element builder: h('div', {class: 'x', onclick: fn}, 'text', child, [more]) -> HTMLElement.
// Text is always set as text (never parsed as HTML), so names from plug-ins cannot inject markup.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked') el.checked = !!v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Numbers for people: 3 significant digits, SI prefixes for rates. */
export function fmt(v, digits = 3) {
  if (v === undefined || v === null || Number.isNaN(v)) return '–';
  if (Number.isInteger(v) && Math.abs(v) < 1e6) return String(v);
  const a = Math.abs(v);
  if (a === 0) return '0';
  if (a >= 1e9) return (v / 1e9).toPrecision(digits) + ' G';
  if (a >= 1e6) return (v / 1e6).toPrecision(digits) + ' M';
  if (a >= 1e4) return (v / 1e3).toPrecision(digits) + ' k';
  return Number(v.toPrecision(digits)).toString();
}

export function mbps(bps) { return bps === undefined || bps === null ? '–' : (bps / 1e6).toFixed(bps >= 1e8 ? 0 : 1) + ' Mbit/s'; }

export function pct(v) { return v === undefined || v === null ? '–' : v.toFixed(1) + ' %'; }

/** A message line next to a control: an error from the API (role=alert) or a confirmation. */
export function note(el, text, ok) {
  el.textContent = text || '';
  el.className = 'note ' + (text ? (ok ? 'ok' : 'err') : '');
  if (!ok && text) el.setAttribute('role', 'alert'); else el.removeAttribute('role');
}
