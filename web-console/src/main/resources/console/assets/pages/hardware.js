// Hardware: the installed boards; pick one for the running scenario; its descriptor (SoC, NIC, each field's
// reason where the descriptor gives one), cost profile with each number's note, stock features and published measurements; refused board bundles.
import { h, fill, note } from '../dom.js';
import { live } from '../live.js';
import * as api from '../api.js';

function table(obj, id) {
  return h('table', { class: 'kv', id }, Object.entries(obj).map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, String(v)))));
}

// The API names fields in snake_case, the descriptor's notes in its own camelCase ("rxBufferBytes").
const camel = k => k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

// Soc's optional fields where 0 stands for "not given", and what the simulation assumes then (spi Soc.java).
const NOT_GIVEN = {
  l1d_bytes: 'not given: data the stack read is taken to be still cached',
  ram_bytes: "not given: enough RAM for TCP's 6 MB and 4 MB buffer limits",
};

const scaled = (v, steps) => {
  const [div, unit] = steps.find(([d]) => v >= d) || steps[steps.length - 1];
  return (v / div).toLocaleString('en', { maximumFractionDigits: 2 }) + ' ' + unit;
};
const BINARY = [[1 << 30, 'GiB'], [1 << 20, 'MiB'], [1 << 10, 'KiB'], [1, 'bytes']];
const HERTZ = [[1e9, 'GHz'], [1e6, 'MHz'], [1e3, 'kHz'], [1, 'Hz']];
const BITRATE = [[1e9, 'Gbit/s'], [1e6, 'Mbit/s'], [1e3, 'kbit/s'], [1, 'bit/s']];

// A descriptor value as people read it: large sizes, clocks and rates with their unit beside the raw number.
function shown(field, v) {
  if (v === 0 && NOT_GIVEN[field]) return NOT_GIVEN[field];
  if (typeof v !== 'number' || v < 1000) return String(v);
  const steps = field.endsWith('_bytes') ? BINARY : field.endsWith('_hz') ? HERTZ : field.endsWith('bits_per_second') ? BITRATE : null;
  return steps ? `${v} (${scaled(v, steps)})` : String(v);
}

// One note may speak for several fields ("rxRing/txRing"); which note, if any, speaks for this one.
function noteKey(notes, field) {
  const name = camel(field);
  return Object.keys(notes).find(k => k.split('/').includes(name));
}

// A SoC or NIC table with each value's reason from the descriptor (fieldNotes) under a "why" disclosure;
// the part's own note ("soc", "nic") after it. Marks the notes used, so that the rest can be listed apart.
function notedTable(obj, part, notes, used) {
  const rows = Object.entries(obj).map(([k, v]) => {
    const key = noteKey(notes, k);
    if (key) used.add(key);
    return h('tr', {}, h('th', {}, k), h('td', {}, shown(k, v),
      key ? h('details', { class: 'why' }, h('summary', {}, 'why'), notes[key]) : null));
  });
  if (notes[part]) used.add(part);
  return [h('table', { class: 'kv', id: part + '-table' }, rows), notes[part] ? h('p', { class: 'part-note' }, notes[part]) : null];
}

export function hardware(root) {
  const boardList = h('ul', { class: 'board-list', id: 'board-list' });
  const detail = h('div', { class: 'board-detail', id: 'board-detail' });
  const rejected = h('div', { id: 'rejected-boards' });
  fill(root, h('h2', {}, 'Hardware'),
    h('div', { class: 'split' }, h('nav', {}, boardList, rejected), detail));

  let hw = null;
  function show(id) {
    const b = hw.boards[id];
    const running = live.status && live.status.scenario.board === id;
    const msg = h('span', { class: 'note' });
    for (const li of boardList.children) li.classList.toggle('selected', li.dataset.board === id);
    const use = h('button', { disabled: running, id: 'use-board', onclick: async () => {
      try {
        await api.put('/scenario', { board: id });
        note(msg, 'switching: the simulation is rebuilt for ' + id, true);
        use.disabled = true;
      } catch (e) { note(msg, e.message); }
    } }, running ? 'running now' : 'Run this board');
    const costs = Object.entries(b.costs).sort((x, y) => x[0].localeCompare(y[0]));
    const notes = b.field_notes || {};
    const used = new Set();
    const soc = notedTable(b.soc, 'soc', notes, used), nic = notedTable(b.nic, 'nic', notes, used);
    const otherNotes = Object.keys(notes).filter(k => !used.has(k));
    fill(detail,
      h('h3', {}, b.name, ' ', h('small', {}, b.id)),
      h('div', { class: 'actions' }, use, msg),
      h('div', { class: 'two' },
        h('section', {}, h('h4', {}, 'SoC'), soc),
        h('section', {}, h('h4', {}, 'NIC and driver'), nic)),
      otherNotes.length ? [h('h4', {}, 'Other notes of the descriptor'),
        table(Object.fromEntries(otherNotes.map(k => [k, notes[k]])), 'other-notes')] : null,
      h('p', {}, 'Cost profile: ', b.calibration, ' (calibrated: chosen on its published table; fitted: a core type profile fitted on it; predicted: derived from other boards)'),
      h('h4', {}, 'Stock features'), h('p', {}, b.stock_features.length ? b.stock_features.join(', ') : 'none: the stock driver uses no optional feature'),
      b.stock_settings && Object.keys(b.stock_settings).length ? [h('h4', {}, 'Stock settings'), table(b.stock_settings)] : null,
      b.published && b.published.length ? [h('h4', {}, 'Published measurements'),
        h('table', { class: 'grid' },
          h('tr', {}, ['features', 'iperf3', 'sender Mbit/s', 'receiver Mbit/s', 'retransmits', 'source'].map(t => h('th', {}, t))),
          // a change row (baseline set) publishes the receiver's change in percent from its baseline feature set
          b.published.map(p => h('tr', {}, (p.baseline != null
            ? [p.baseline + ' → ' + p.features, p.iperf, '–', (p.receiver_change_percent >= 0 ? '+' : '') + p.receiver_change_percent + ' %', '–', p.source]
            : [p.features, p.iperf, p.sender_mbps < 0 ? '–' : p.sender_mbps, p.receiver_mbps, p.retransmits < 0 ? '–' : p.retransmits, p.source])
            .map(v => h('td', {}, String(v))))))] : null,
      h('h4', {}, 'Cost profile ', h('small', {}, 'CPU cycles per unit of modelled work')),
      h('table', { class: 'grid costs', id: 'cost-table' },
        h('tr', {}, h('th', {}, 'key'), h('th', { class: 'num' }, 'cycles'), h('th', {}, 'note')),
        costs.map(([k, c]) => h('tr', {}, h('td', {}, h('code', {}, k)), h('td', { class: 'num' }, String(c.cycles)), h('td', {}, c.note)))),
      h('p', { class: 'origin' }, 'descriptor: ', b.origin));
  }

  api.get('/hardware').then(r => {
    hw = r;
    const ids = Object.keys(hw.boards);
    fill(boardList, ids.map(id => h('li', { 'data-board': id }, h('a', { href: '#hardware/' + id, onclick: ev => { ev.preventDefault(); show(id); } },
      id, live.status && live.status.scenario.board === id ? ' ●' : ''))));
    fill(rejected, hw.rejected.length ? [h('h4', {}, 'Refused board bundles'),
      h('ul', { class: 'rejected' }, hw.rejected.map(x => h('li', {}, h('b', {}, x.bundle), ` [${x.bundle_id}]: `, x.error)))] : null);
    const wanted = location.hash.split('/')[1];
    const first = hw.boards[wanted] ? wanted : live.status && hw.boards[live.status.scenario.board] ? live.status.scenario.board : ids[0];
    if (first) show(first);
  }).catch(e => fill(detail, h('p', { class: 'note err' }, e.message)));
}
