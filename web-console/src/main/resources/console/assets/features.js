// The feature-list grammar of the CLI and the node ("stock", "-id", ids), to switch one feature on or off
// in the running scenario and write the result relative to the board's stock set.

/** The ids a list names on a board whose stock set is {@code stock}, in order. */
export function featureIds(list, stock) {
  const ids = [];
  for (const raw of (list && list.trim() ? list : 'stock').split(',')) {
    const t = raw.trim();
    if (!t) continue;
    if (t === 'stock') { for (const s of stock) if (!ids.includes(s)) ids.push(s); }
    else if (t.startsWith('-')) { const i = ids.indexOf(t.slice(1)); if (i >= 0) ids.splice(i, 1); }
    else if (!ids.includes(t)) ids.push(t);
  }
  return ids;
}

/** The shortest list for a set of ids: "stock", then what is added, then what is removed. */
export function featureList(ids, stock) {
  const parts = ['stock'];
  for (const id of ids) if (!stock.includes(id)) parts.push(id);
  for (const s of stock) if (!ids.includes(s)) parts.push('-' + s);
  return parts.join(',');
}
