// The console: pages by URL hash, one live feed for all of them, the node's state in the header.
import { h, fill } from './dom.js';
import * as api from './api.js';
import { connect, live, on } from './live.js';
import { dashboard } from './pages/dashboard.js';
import { features } from './pages/features.js';
import { hardware } from './pages/hardware.js';
import { workload } from './pages/workload.js';
import { bundles } from './pages/bundles.js';
import { events } from './pages/events.js';
import { ab } from './pages/ab.js';
import { sweeps } from './pages/sweeps.js';

const PAGES = { dashboard, features, hardware, workload, bundles, events, ab, sweeps };
const main = document.getElementById('page');
let leave = null;

function route() {
  const name = (location.hash.slice(1).split('/')[0]) || 'dashboard';
  const page = PAGES[name] || dashboard;
  if (leave) { try { leave(); } catch (e) { console.error(e); } leave = null; }
  for (const a of document.querySelectorAll('#nav a')) a.classList.toggle('active', a.dataset.page === name);
  main.dataset.page = name;
  fill(main);
  leave = page(main) || null;
}

function header(st) {
  const badge = document.getElementById('node-state');
  badge.textContent = st.state + (st.quarantined.length ? ` · ${st.quarantined.length} quarantined` : '');
  badge.className = 'badge ' + (st.state === 'running' ? 'active' : st.state === 'paused' ? 'available' : 'unavailable');
  const banner = document.getElementById('banner');
  const problems = [];
  if (st.error) problems.push('error: ' + st.error);
  if (st.refused) problems.push(`refused configuration ${st.refused.pid}: ${st.refused.error}`);
  for (const q of st.quarantined) problems.push(`feature ${q.id} quarantined: ${q.error}`);
  if (st.quarantined_board) problems.push(`board ${st.quarantined_board.id} quarantined: ${st.quarantined_board.error}`);
  banner.hidden = problems.length === 0;
  fill(banner, problems.map(p => h('div', {}, p)));
}

async function start() {
  const s = await api.session();
  document.getElementById('logout-csrf').value = s.csrf_token || '';
  connect();
  on('status', header);
  on('connection', up => document.body.classList.toggle('offline', !up));
  window.addEventListener('hashchange', route);
  route();
}

start().catch(e => fill(main, h('p', { class: 'note err' }, 'cannot reach the node: ' + e.message)));
window.ringlab = { live }; // for the browser tests and the curious
