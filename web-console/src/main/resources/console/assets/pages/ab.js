// A/B experiment: one board, two feature sets, one iperf3 workload, run as two batch simulations beside
// the live one; the two iperf3 summaries side by side with the change, like the Before/After tables of
// the mailing-list patches, CPU per context for each, and both JSON reports to download.
import { h, fill, note, fmt } from '../dom.js';
import { live } from '../live.js';
import * as api from '../api.js';

// mpstat's columns; soft_ksoftirqd is the part of %soft that ksoftirqd ran
const CPU = ['irq', 'soft', 'soft_ksoftirqd', 'kthread', 'usr', 'sys', 'idle'];
const CPU_LABEL = c => c === 'soft_ksoftirqd' ? '    of which in ksoftirqd' : `  %${c}`;

function delta(a, b) {
  if (a === null || b === null || a === undefined || b === undefined) return '';
  if (a === 0) return b === 0 ? '0 %' : '';
  const d = 100 * (b - a) / Math.abs(a);
  return (d > 0 ? '+' : '') + d.toFixed(1) + ' %';
}

export function ab(root) {
  const input = (id, value, attrs = {}) => h('input', { id: 'ab-' + id, name: id, value, spellcheck: 'false', ...attrs });
  const board = h('select', { id: 'ab-board', name: 'board' });
  const fa = input('features_a', 'stock'), fb = input('features_b', 'stock'), wl = input('workload', '-M 512', { class: 'mono wide' });
  const secs = input('seconds', '10', { type: 'number', min: '1', max: '120', step: '1' });
  const seed = input('seed', '1', { type: 'number', step: '1' });
  const msg = h('span', { class: 'note', id: 'ab-note' });
  const out = h('div', { id: 'ab-result' });
  const field = (label, el, doc) => h('div', { class: 'field' }, h('label', { for: el.id }, label), el, doc ? h('small', { class: 'doc' }, doc) : null);
  const form = h('form', { class: 'ab-form', id: 'ab-form', novalidate: true },
    field('Board', board),
    field('Features A (before)', fa, 'stock, ids, -id: as --features'),
    field('Features B (after)', fb),
    field('iperf3 client arguments', wl),
    field('Duration', secs, 'virtual seconds (-t)'), field('Seed', seed),
    h('div', { class: 'actions' }, h('button', { type: 'submit', id: 'ab-run' }, 'Run A and B'), msg));
  fill(root, h('h2', {}, 'A/B experiment'),
    h('p', { class: 'lead' }, 'Both states run as batch simulations beside the live one, which they do not disturb, '
      + 'exactly as ringlab run would: tunables at their defaults and the board\'s stock settings, not the live node\'s tunables.'),
    form, out);

  api.get('/hardware').then(hw => {
    const cur = live.status ? live.status.scenario.board : null;
    fill(board, Object.keys(hw.boards).map(id => h('option', { value: id, selected: id === cur }, id)));
  });

  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    note(msg, '');
    try {
      let x = await api.post('/experiments', {
        board: board.value, features_a: fa.value, features_b: fb.value, workload: wl.value,
        seconds: Number(secs.value), seed: Number(seed.value),
      });
      note(msg, 'running…', true);
      while (x.state === 'queued' || x.state === 'running') {
        await new Promise(r => setTimeout(r, 300));
        x = await api.get('/experiments/' + x.id);
        note(msg, x.state === 'queued' ? 'queued…' : `running… ${Math.round(100 * (x.progress || 0))} %`, true);
      }
      if (x.state === 'failed') { note(msg, x.error || 'failed'); return; }
      note(msg, `done in ${x.wall_seconds.toFixed(1)} s`, true);
      show(x);
    } catch (e) { note(msg, e.message); }
  });

  // the cost keys whose cycles per packet moved by 1 % of A's total or more, the largest move first: the
  // modelled work B removed or added (the same rows as the CLI's compare)
  const keyCycles = (side, k) => (side.cycles_per_packet_by_key || {})[k] || 0;
  const cyc = (side, k) => keyCycles(side, k).toFixed(0);
  function movedKeys(a, b) {
    const keys = new Set([...Object.keys(a.cycles_per_packet_by_key || {}), ...Object.keys(b.cycles_per_packet_by_key || {})]);
    const floor = Math.abs(a.cycles_per_packet) / 100;
    const move = k => Math.abs(keyCycles(b, k) - keyCycles(a, k));
    return [...keys].filter(k => move(k) >= floor).sort((x, y) => move(y) - move(x) || (x < y ? -1 : 1));
  }

  function show(x) {
    const a = x.a, b = x.b;
    const row = (label, va, vb, f = fmt) => h('tr', {}, h('th', {}, label), h('td', { class: 'num' }, f(va)), h('td', { class: 'num' }, f(vb)),
      h('td', { class: 'num delta' }, delta(va, vb)));
    const mbit = v => (v / 1e6).toFixed(1);
    fill(out,
      h('h3', {}, `${x.board}: ${x.workload} -t ${x.seconds}, seed ${x.seed}`),
      h('div', { class: 'two' },
        h('section', { class: 'iperf' }, h('h4', {}, 'A: ', x.features_a), h('pre', { id: 'ab-text-a' }, a.iperf_text)),
        h('section', { class: 'iperf' }, h('h4', {}, 'B: ', x.features_b), h('pre', { id: 'ab-text-b' }, b.iperf_text))),
      h('table', { class: 'grid ab', id: 'ab-table' },
        h('tr', {}, h('th', {}, ''), h('th', {}, 'A'), h('th', {}, 'B'), h('th', {}, 'change')),
        row('sender Mbit/s', a.sender_bits_per_second, b.sender_bits_per_second, mbit),
        row('receiver Mbit/s', a.receiver_bits_per_second, b.receiver_bits_per_second, mbit),
        row('retransmits', a.retransmits, b.retransmits),
        row('device CPU busy %', 100 - a.cpu_percent.idle, 100 - b.cpu_percent.idle, v => v.toFixed(1)),
        CPU.map(c => row(CPU_LABEL(c), a.cpu_percent[c], b.cpu_percent[c], v => v.toFixed(1))),
        row('NIC interrupts', a.interrupts, b.interrupts),
        row('packets per poll', a.packets_per_poll, b.packets_per_poll, v => v.toFixed(2)),
        row('drops', a.drops, b.drops),
        a.lost_percent !== undefined ? row('UDP lost %', a.lost_percent, b.lost_percent, v => v.toFixed(2)) : null,
        row('cycles per packet', a.cycles_per_packet, b.cycles_per_packet, v => v.toFixed(0)),
        movedKeys(a, b).map(k => h('tr', { class: 'cost-key' }, h('th', {}, h('code', {}, k)),
          h('td', { class: 'num' }, cyc(a, k)), h('td', { class: 'num' }, cyc(b, k)),
          h('td', { class: 'num delta' }, delta(keyCycles(a, k), keyCycles(b, k)))))),
      h('p', { class: 'doc' }, `Settings: ${x.settings} (no --set). The same reports from the command line:`),
      h('pre', { class: 'mono', id: 'ab-commands' }, `${a.command}\n${b.command}`),
      h('p', { class: 'downloads' }, 'JSON reports (iperf3 -J with the ringlab key): ',
        h('a', { href: `/api/v1/experiments/${x.id}/report/a`, download: `ringlab-${x.board}-${x.id}-a.json`, id: 'ab-download-a' }, 'A'), ' · ',
        h('a', { href: `/api/v1/experiments/${x.id}/report/b`, download: `ringlab-${x.board}-${x.id}-b.json`, id: 'ab-download-b' }, 'B')));
  }
}
