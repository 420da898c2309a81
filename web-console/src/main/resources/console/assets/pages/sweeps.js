// Sweeps: a sweep over the node's installed boards (`ringlab sweep` as a separate process), its progress
// with ETA refreshed every second, and its report once written. The form builds the sweep spec the CLI reads.
import { h, fill, note } from '../dom.js';
import * as api from '../api.js';

const WORKLOADS = {
  'tcp-rx': { name: 'tcp-rx', iperf: '-M 512' },
  'tcp-tx': { name: 'tcp-tx', iperf: '-M 512 -R' },
  'udp-rx': { name: 'udp-rx', iperf: '-u -b 1G' },
};

function eta(s) {
  if (s == null) return '';
  if (s < 60) return `${Math.round(s)} s left`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${Math.round(s % 60)} s left` : `${Math.floor(m / 60)} h ${m % 60} min left`;
}

export function sweeps(root) {
  const boxes = h('div', { class: 'checks', id: 'sweep-boards' }, h('span', { class: 'note' }, 'loading…'));
  const features = h('textarea', { id: 'sweep-features', name: 'features', rows: '3', spellcheck: 'false', class: 'mono' }, 'stock\nstock,batched-rx');
  const workload = h('select', { id: 'sweep-workload', name: 'workload' },
    Object.entries(WORKLOADS).map(([k, w]) => h('option', { value: k }, `${k} (iperf3 ${w.iperf})`)));
  const seeds = h('input', { id: 'sweep-seeds', name: 'seeds', type: 'number', min: '1', max: '1000', step: '1', value: '1' });
  const secs = h('input', { id: 'sweep-seconds', name: 'seconds', type: 'number', min: '1', max: '3600', step: '1', value: '10' });
  const name = h('input', { id: 'sweep-name', name: 'name', value: 'console-sweep', spellcheck: 'false' });
  const msg = h('span', { class: 'note', id: 'sweep-note' });
  const list = h('div', { id: 'sweep-list' });
  const field = (label, el, doc) => h('div', { class: 'field' }, h('label', { for: el.id }, label), el, doc ? h('small', { class: 'doc' }, doc) : null);
  const form = h('form', { class: 'ab-form', id: 'sweep-form', novalidate: true },
    h('div', { class: 'field' }, h('label', {}, 'Boards'), boxes),
    field('Feature sets', features, 'one per line, as --features: stock, ids, -id'),
    field('Workload', workload), field('Seeds', seeds, 'seeds 1 to N'), field('Duration', secs, 'virtual seconds per run (-t)'),
    field('Name', name, 'the report\'s title'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', id: 'sweep-start' }, 'Start sweep'), msg));
  fill(root, h('h2', {}, 'Sweeps'),
    h('p', { class: 'lead' }, 'Every chosen board against every feature set, as `ringlab sweep` runs it: a separate process on this machine '
      + '(one sweep at a time), beside the live simulation. Combinations the resolver refuses are listed in the report.'),
    form, h('h3', {}, 'Sweeps on this node'), list);

  api.get('/hardware').then(hw => {
    fill(boxes, Object.keys(hw.boards).sort().map(id => h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: 'board', value: id, checked: true, 'data-board': id }), ' ', id)));
  }).catch(e => fill(boxes, h('span', { class: 'note err' }, e.message)));

  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    note(msg, '');
    const boards = [...boxes.querySelectorAll('input[name=board]:checked')].map(b => b.value);
    const all = boxes.querySelectorAll('input[name=board]').length;
    const w = WORKLOADS[workload.value];
    try {
      const s = await api.post('/sweeps', {
        name: name.value.trim(),
        boards: boards.length === all && all > 0 ? 'all' : boards,
        features: features.value.split('\n').map(l => l.trim()).filter(l => l),
        workloads: [{ name: w.name, iperf: `${w.iperf} -t ${Number(secs.value)}` }],
        seeds: { count: Number(seeds.value) },
      });
      note(msg, `started: ${s.id}`, true);
      refresh();
    } catch (e) { note(msg, e.message); }
  });

  function row(s) {
    const pct = s.total > 0 ? Math.min(100, Math.round(100 * (s.done + s.refused + s.failed) / s.total)) : 0;
    const running = s.state === 'running' || s.state === 'starting';
    const cancel = running ? h('button', { type: 'button', class: 'small', 'data-action': 'cancel' }, 'Cancel') : null;
    if (cancel) {
      cancel.addEventListener('click', async () => {
        try { await api.del('/sweeps/' + s.id); refresh(); } catch (e) { note(msg, e.message); }
      });
    }
    return h('tr', { 'data-sweep': s.id, 'data-state': s.state },
      h('td', {}, h('strong', {}, s.name || '?'), h('div', { class: 'doc mono' }, s.id)),
      h('td', {}, h('span', { class: 'badge ' + (s.state === 'done' ? 'active' : running ? 'available' : 'unavailable') }, s.state)),
      h('td', { class: 'progress-cell' },
        h('progress', { max: '100', value: String(pct) }),
        h('div', { class: 'doc' }, `${s.done} of ${s.total} runs` + (s.refused ? `, ${s.refused} refused` : '') + (s.failed ? `, ${s.failed} failed` : '')
          + (running && s.eta_seconds != null ? ' · ' + eta(s.eta_seconds) : ''))),
      h('td', {}, s.report ? h('a', { href: `/api/v1/sweeps/${s.id}/report`, target: '_blank', rel: 'noopener', class: 'report' }, 'Open report') : null,
        s.error ? h('div', { class: 'note err' }, s.error) : null),
      h('td', {}, cancel));
  }

  async function refresh() {
    try {
      const all = await api.get('/sweeps');
      fill(list, all.length ? h('table', { class: 'grid sweeps', id: 'sweep-table' },
        h('tr', {}, ['sweep', 'state', 'progress', 'report', ''].map(t => h('th', {}, t))), all.map(row))
        : h('p', { class: 'note' }, 'No sweeps yet.'));
    } catch (e) { fill(list, h('p', { class: 'note err' }, 'cannot list sweeps: ' + e.message)); }
  }
  refresh();
  const timer = setInterval(refresh, 1000);
  return () => clearInterval(timer);
}
