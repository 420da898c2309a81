// Features: every installed feature with its summary, bundle, state, requires and conflicts; a switch
// for the running scenario; the counters it declares; a form for its tunables generated from the Metatype the node publishes. A
// refused change shows the API's message next to the control and changes nothing.
import { h, fill, note } from '../dom.js';
import { live, on } from '../live.js';
import * as api from '../api.js';
import { featureIds, featureList } from '../features.js';

const STATE_TEXT = { active: 'active', available: 'available', unavailable: 'unavailable', quarantined: 'quarantined' };

export function features(root) {
  const list = h('div', { class: 'cards', id: 'feature-cards' });
  fill(root, h('h2', {}, 'Driver features'),
    h('p', { class: 'lead' }, 'Switch a feature on or off in the running scenario: the driver installs it at its next NAPI poll. ',
      'Tunables take kernel names and apply the same way.'), list);
  let stock = [];

  async function load() {
    const [fs, hw] = await Promise.all([api.get('/features'), api.get('/hardware')]);
    const board = live.status ? hw.boards[live.status.scenario.board] : null;
    stock = board ? board.stock_features : [];
    fill(list, fs.map(card));
  }

  // the list is computed from the scenario as stored now and sent with its version (If-Match), so a
  // feature switched by someone else in between is not switched back: that is a 412 instead
  async function toggle(f, on, msg, box) {
    try {
      const { json: sc, etag } = await api.getTagged('/scenario');
      const ids = featureIds(sc.features, stock).filter(id => id !== f.id);
      if (on) ids.push(f.id);
      await api.putIfMatch('/scenario', { features: featureList(ids, stock) }, etag);
      note(msg, on ? 'switched on: applies at the next poll' : 'switched off: applies at the next poll', true);
    } catch (e) {
      box.checked = !on; // nothing changed
      note(msg, e.status === api.STALE ? 'The scenario changed in the meantime: reload the page and try again.' : e.message);
    }
  }

  function card(f) {
    const msg = h('span', { class: 'note' });
    const st = live.status;
    const wanted = st ? featureIds(st.scenario.features, stock).includes(f.id) : f.state === 'active';
    const box = h('input', { type: 'checkbox', class: 'switch', checked: wanted, 'aria-label': 'use ' + f.id,
      disabled: f.state === 'quarantined', 'data-feature': f.id });
    box.addEventListener('change', () => toggle(f, box.checked, msg, box));
    return h('article', { class: 'card feature state-' + f.state, 'data-feature': f.id },
      h('header', {},
        h('label', { class: 'switch-label' }, box, h('span', { class: 'feature-id' }, f.id)),
        h('span', { class: 'badge ' + f.state, 'data-state': f.state }, STATE_TEXT[f.state] || f.state)),
      h('p', {}, f.summary),
      f.reason ? h('p', { class: 'reason' }, f.reason) : null,
      h('dl', { class: 'facts' },
        h('dt', {}, 'bundle'), h('dd', {}, f.bundle ? `${f.bundle.symbolic_name} ${f.bundle.version} [${f.bundle.id}]` : '–'),
        f.requires.length ? [h('dt', {}, 'requires'), h('dd', {}, f.requires.join(', '))] : null,
        f.conflicts.length ? [h('dt', {}, 'conflicts'), h('dd', {}, f.conflicts.join(', '))] : null),
      msg,
      f.counters && f.counters.length ? counterList(f) : null,
      f.form && f.form.fields.length ? tunableForm(f) : null);
  }

  // what the feature declares it counts (its values are in the dashboard's status, ethtool -S style)
  function counterList(f) {
    return h('details', { class: 'counters', 'data-feature': f.id },
      h('summary', {}, `Counters (${f.counters.length})`),
      h('dl', { class: 'facts' }, f.counters.map(c =>
        [h('dt', {}, h('code', {}, c.name)), h('dd', {}, `${c.doc} (${c.unit}, ${c.kind})`)])));
  }

  function tunableForm(f) {
    const msg = h('span', { class: 'note' });
    const values = Object.fromEntries(f.tunables.map(t => [t.name, t.value]));
    const inputs = {};
    const rows = f.form.fields.map(x => {
      const input = h('input', { type: 'number', step: '1', name: x.id, id: `t-${f.id}-${x.id}`, value: values[x.id] ?? x.defaults[0],
        min: x.min ?? undefined, max: x.max ?? undefined, 'data-tunable': x.id });
      inputs[x.id] = input;
      return h('div', { class: 'field' },
        h('label', { for: input.id }, h('code', {}, x.name)),
        input,
        h('span', { class: 'unit' }, x.unit || ''),
        h('small', { class: 'doc' }, x.description, x.defaults.length ? ` Default ${x.defaults[0]}.` : ''));
    });
    const form = h('form', { class: 'tunables', 'data-feature': f.id, novalidate: true },
      h('h4', {}, 'Tunables ', h('small', {}, f.form.pid)), rows,
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Apply'),
        h('button', { type: 'button', 'data-action': 'reset', title: 'Clear what is set: every tunable back to its default' }, 'Reset to defaults'), msg));
    form.querySelector('button[data-action=reset]').addEventListener('click', async () => {
      try {
        await api.del('/features/' + encodeURIComponent(f.id) + '/tunables');
        for (const x of f.form.fields) {
          values[x.id] = x.defaults[0];
          if (inputs[x.id]) inputs[x.id].value = x.defaults[0] ?? '';
        }
        note(msg, 'cleared: every tunable at its default (applies at the next poll)', true);
      } catch (e) {
        note(msg, e.message);
      }
    });
    form.addEventListener('submit', async ev => {
      ev.preventDefault();
      const body = {};
      for (const [k, input] of Object.entries(inputs)) {
        if (String(values[k]) !== input.value) body[k] = input.value.trim() === '' ? input.value : Number(input.value);
      }
      if (!Object.keys(body).length) { note(msg, 'nothing changed', true); return; }
      try {
        const r = await api.put('/features/' + encodeURIComponent(f.id), body);
        Object.assign(values, r.accepted);
        note(msg, 'accepted: ' + Object.entries(r.accepted).map(([k, v]) => `${k}=${v}`).join(', ') + ' (applies at the next poll)', true);
      } catch (e) {
        note(msg, e.message);
      }
    });
    return form;
  }

  load().catch(e => fill(list, h('p', { class: 'note err' }, e.message)));
  // states follow the running scenario: refresh the badges when the status says something else is active
  let lastActive = live.status ? live.status.scenario.active_features.join() : '';
  const stop = on('status', st => {
    const now = st.scenario.active_features.join() + '|' + st.quarantined.map(q => q.id).join();
    if (now !== lastActive) { lastActive = now; refreshStates(); }
  });
  async function refreshStates() {
    try {
      for (const f of await api.get('/features')) {
        const badge = list.querySelector(`article[data-feature="${CSS.escape(f.id)}"] .badge`);
        if (badge) { badge.textContent = STATE_TEXT[f.state] || f.state; badge.className = 'badge ' + f.state; badge.dataset.state = f.state; }
      }
    } catch (e) { /* the next status tries again */ }
  }
  return stop;
}
