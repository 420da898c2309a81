// Bundles: id, symbolic name, version, state and what each provides; upload a jar (file picker or drag
// and drop), start, stop, update, uninstall (after a confirmation). A refused jar shows why.
import { h, fill, note } from '../dom.js';
import * as api from '../api.js';

export function bundles(root) {
  const msg = h('p', { class: 'note', id: 'bundle-note' });
  const picker = h('input', { type: 'file', accept: '.jar,application/java-archive', id: 'bundle-file' });
  const drop = h('div', { class: 'dropzone', id: 'bundle-drop' }, 'Drop a bundle jar here, or ', h('label', { for: 'bundle-file', class: 'linklike' }, 'choose a file'), picker);
  const body = h('tbody', { id: 'bundle-rows' });
  const filter = h('input', { type: 'search', placeholder: 'filter by name', class: 'filter' });
  fill(root, h('h2', {}, 'Bundles'),
    h('p', { class: 'lead' }, 'Boards and features are bundles: upload one to add hardware or a driver feature to the running node.'),
    drop, msg, filter,
    h('table', { class: 'grid bundles' },
      h('thead', {}, h('tr', {}, ['id', 'symbolic name', 'version', 'state', 'provides', ''].map(t => h('th', {}, t)))), body));

  async function load() {
    const list = await api.get('/bundles');
    const q = filter.value.trim().toLowerCase();
    fill(body, list.filter(b => !q || (b.symbolic_name || '').toLowerCase().includes(q)).map(row));
  }

  async function act(what, fn) {
    try {
      const b = await fn();
      note(msg, `${what}: ${b.symbolic_name} ${b.version} [${b.id}] is ${b.state}` + provides(b, ' and provides '), true);
    } catch (e) { note(msg, e.message); }
    await load();
  }

  function provides(b, prefix) {
    const p = [...b.features.map(f => 'feature ' + f), ...b.boards.map(x => 'board ' + x)];
    return p.length ? prefix + p.join(', ') : '';
  }

  function row(b) {
    const update = h('input', { type: 'file', accept: '.jar', hidden: true });
    update.addEventListener('change', () => update.files[0] && act('updated', () => api.upload('PUT', '/bundles/' + b.id, update.files[0])));
    const buttons = b.id === 0 ? [] : [
      b.state === 'ACTIVE'
        ? h('button', { class: 'small', onclick: () => act('stopped', () => api.post(`/bundles/${b.id}/stop`)) }, 'stop')
        : h('button', { class: 'small', onclick: () => act('started', () => api.post(`/bundles/${b.id}/start`)) }, 'start'),
      h('button', { class: 'small', onclick: () => update.click() }, 'update…'), update,
      h('button', { class: 'small danger', 'data-action': 'uninstall', onclick: () => {
        if (confirm(`Uninstall ${b.symbolic_name} [${b.id}]?` + provides(b, '\nIt provides ') )) act('uninstalled', () => api.del('/bundles/' + b.id));
      } }, 'uninstall'),
    ];
    return h('tr', { 'data-bundle': b.symbolic_name, 'data-id': String(b.id) },
      h('td', { class: 'num' }, String(b.id)), h('td', {}, b.symbolic_name), h('td', {}, b.version),
      h('td', {}, h('span', { class: 'badge ' + (b.state === 'ACTIVE' ? 'active' : 'available') }, b.state)),
      h('td', {}, provides(b, '')), h('td', { class: 'buttons' }, buttons));
  }

  const install = file => act('installed', () => api.upload('POST', '/bundles', file));
  picker.addEventListener('change', () => { if (picker.files[0]) install(picker.files[0]); picker.value = ''; });
  drop.addEventListener('dragover', ev => { ev.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', ev => {
    ev.preventDefault();
    drop.classList.remove('over');
    const f = ev.dataTransfer.files[0];
    if (f) install(f);
  });
  filter.addEventListener('input', () => load());
  load().catch(e => note(msg, e.message));
}
