// Workload: the iperf3 client arguments of the peer, the seed and the pace, as a form generated from the
// scenario's Metatype (PID ringlab.scenario); the API validates the whole scenario and says what is wrong.
import { h, fill, note } from '../dom.js';
import * as api from '../api.js';

const FIELDS = ['workload', 'seed', 'pace']; // the board and the features have their own pages

export function workload(root) {
  const box = h('div', { id: 'workload-form' });
  fill(root, h('h2', {}, 'Workload'),
    h('p', { class: 'lead' }, 'The peer runs the iperf3 client with these arguments and the device the server (-R makes the device send). ',
      'A workload or seed change rebuilds the simulation; the flows restart.'), box);
  Promise.all([api.get('/forms/ringlab.scenario'), api.getTagged('/scenario')]).then(([form, tagged]) => {
    const sc = tagged.json;
    let etag = tagged.etag; // the version this form shows: a change made elsewhere since is a 412, not overwritten
    const msg = h('span', { class: 'note', id: 'workload-note' });
    const inputs = {};
    const rows = form.fields.filter(x => FIELDS.includes(x.id)).map(x => {
      const numeric = ['long', 'integer'].includes(x.type);
      const input = h('input', { type: numeric ? 'number' : 'text', id: 'wl-' + x.id, name: x.id, value: String(sc[x.id]),
        step: numeric ? '1' : undefined, spellcheck: 'false', class: x.id === 'workload' ? 'wide mono' : 'mono' });
      inputs[x.id] = input;
      return h('div', { class: 'field' }, h('label', { for: input.id }, x.name || x.id), input, h('small', { class: 'doc' }, x.description));
    });
    const form_ = h('form', { class: 'scenario-form', novalidate: true }, h('h4', {}, form.name, ' ', h('small', {}, form.pid)), rows,
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Apply'), msg));
    form_.addEventListener('submit', async ev => {
      ev.preventDefault();
      const body = {};
      for (const [k, input] of Object.entries(inputs)) body[k] = k === 'seed' ? Number(input.value) : input.value;
      try {
        const r = await api.putIfMatch('/scenario', body, etag);
        etag = r.etag;
        note(msg, 'accepted: ' + r.json.applies, true);
      } catch (e) {
        note(msg, e.status === api.STALE ? 'The scenario was changed elsewhere since this page was loaded: reload the page to see it, then apply again.' : e.message);
      }
    });
    fill(box, form_, h('p', { class: 'hint' }, 'Supported iperf3 options: -t -i -M -u -b -l -R -P -w (-t is ignored: the node runs continuously). ',
      'Pace: pause, max or virtual seconds per wall second (1, 10, 0.5).'));
  }).catch(e => fill(box, h('p', { class: 'note err' }, e.message)));
  return () => {};
}
