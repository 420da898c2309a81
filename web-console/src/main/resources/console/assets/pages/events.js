// Events: the node's event log, newest first, filterable by kind; new events appear as they happen.
import { h, fill } from '../dom.js';
import { live, on } from '../live.js';

const KINDS = ['change_requested', 'change_applied', 'change_refused', 'bundle_installed', 'bundle_updated', 'bundle_started',
  'bundle_stopped', 'bundle_uninstalled', 'bundle_refused', 'board_rejected', 'feature_rejected', 'quarantine', 'restart', 'experiment'];

export function events(root) {
  const select = h('select', { id: 'event-kind' }, h('option', { value: '' }, 'all kinds'), KINDS.map(k => h('option', { value: k }, k.replace('_', ' '))));
  const body = h('tbody', { id: 'event-rows' });
  fill(root, h('h2', {}, 'Events'),
    h('div', { class: 'toolbar' }, h('label', { for: 'event-kind' }, 'Kind '), select),
    h('table', { class: 'grid events' },
      h('thead', {}, h('tr', {}, ['#', 'wall time', 'virtual s', 'kind', 'subject', 'what'].map(t => h('th', {}, t)))), body));
  const row = e => h('tr', { 'data-kind': e.kind, class: 'kind-' + e.kind },
    h('td', { class: 'num' }, String(e.seq)), h('td', {}, new Date(e.wall_millis).toLocaleTimeString()),
    h('td', { class: 'num' }, e.virtual_seconds.toFixed(3)), h('td', {}, h('span', { class: 'kind' }, e.kind)),
    h('td', {}, e.subject || ''), h('td', {}, e.message));
  const render = () => {
    const k = select.value;
    fill(body, live.events.filter(e => !k || e.kind === k).slice().reverse().map(row));
  };
  select.addEventListener('change', render);
  render();
  return on('event', e => { if (!select.value || e.kind === select.value) body.prepend(row(e)); });
}
