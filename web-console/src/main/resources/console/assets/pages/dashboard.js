// Dashboard: the running simulation at a glance. Live charts (virtual time on x, a marker at every
// change), the pace control, the virtual-to-wall ratio and the accounting ledger.
import { h, fill, fmt, note } from '../dom.js';
import { live, on } from '../live.js';
import { LiveChart, COLORS } from '../charts.js';
import * as api from '../api.js';

// mpstat's %soft includes the softirqs ksoftirqd runs (soft_ksoftirqd is part of soft): stacked as two bands,
// so the areas add up to 100 % without counting ksoftirqd twice
const CPU = [['irq', c => c.irq], ['soft (irq exit)', c => c.soft - c.soft_ksoftirqd],
  ['soft (ksoftirqd)', c => c.soft_ksoftirqd], ['kthread', c => c.kthread], ['usr', c => c.usr], ['sys', c => c.sys],
  ['idle', c => c.idle]];
const CPU_COLORS = ['#d1495b', '#edae49', '#c77dff', '#00798c', '#30638e', '#66a182', '#d9dde3'];
const rate = v => fmt(v);

// Where the cycles go, by cost key (each sample names its interval's largest keys and "other"): the keys
// with the largest share over the samples shown get a band each, the rest is "other", so the bands add up
// to 100 % and a feature that removes work shows as a band that shrinks at its marker
const CYCLE_BANDS = 8;
const OTHER_COLOR = '#7f7f7f';
// the palette without its grey, which is "other"'s: the eighth key must not look like the rest
const KEY_COLORS = COLORS.filter(c => c !== OTHER_COLOR);
function cycleKeys(ss) {
  const total = new Map();
  for (const s of ss) {
    for (const [k, v] of Object.entries(s.cycles_percent_by_key || {})) if (k !== 'other') total.set(k, (total.get(k) || 0) + v);
  }
  const keys = [...total.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CYCLE_BANDS).map(e => e[0]);
  return keys.length ? [...keys, 'other'] : ['other'];
}
function cycleShares(s, labels) {
  const by = s.cycles_percent_by_key || {};
  if (!Object.keys(by).length) return labels.map(() => null);
  let named = 0;
  const v = labels.map(l => { if (l === 'other') return 0; const x = by[l] || 0; named += x; return x; });
  v[labels.length - 1] = Math.max(0, 100 - named);
  return v;
}

function charts() {
  return [
    new LiveChart({
      id: 'throughput', title: 'Receiver throughput per stream', unit: 'Mbit/s', format: v => (v / 1e6).toFixed(2) + ' Mbit/s',
      axis: v => fmt(v / 1e6), series: [{ label: 'stream 1' }],
      seriesFrom: ss => {
        const n = Math.max(1, ...ss.map(s => (s.stream_bits_per_second || []).length));
        return n === 1 ? ['stream 1'] : [...Array.from({ length: n }, (_, i) => 'stream ' + (i + 1)), 'sum'];
      },
      values: (s, labels) => labels.map((l, i) => l === 'sum' ? s.receiver_bits_per_second : (s.stream_bits_per_second || [])[i]),
    }),
    new LiveChart({
      id: 'cpu', title: 'Device CPU per context (mpstat)', unit: '%', stacked: true, min: 0, max: 100,
      format: v => v.toFixed(1) + ' %', series: CPU.map(([label], i) => ({ label, color: CPU_COLORS[i] })),
      values: s => CPU.map(([, share]) => s.cpu_percent ? share(s.cpu_percent) : null),
    }),
    new LiveChart({
      id: 'cycles', title: 'Where the cycles go (cost keys, as perf top)', unit: '%', stacked: true, min: 0, max: 100,
      format: v => v.toFixed(1) + ' %', series: [{ label: 'other', color: OTHER_COLOR }],
      seriesFrom: cycleKeys, values: cycleShares, colorOf: (l, i) => l === 'other' ? OTHER_COLOR : KEY_COLORS[i % KEY_COLORS.length],
    }),
    new LiveChart({
      id: 'interrupts', title: 'Interrupts and NAPI polls', unit: 'per s', format: rate, axis: v => fmt(v, 2),
      series: [{ label: 'NIC interrupts' }, { label: 'NAPI polls' }],
      values: s => [s.interrupts_per_second, s.napi_polls_per_second],
    }),
    new LiveChart({
      id: 'per-poll', title: 'Packets per NAPI poll', unit: 'packets', format: v => v.toFixed(2),
      series: [{ label: 'packets/poll', color: '#3aa76d' }], values: s => [s.packets_per_poll],
    }),
    new LiveChart({
      id: 'drops', title: 'Drops by reason', unit: 'per s', format: rate, axis: v => fmt(v, 2),
      series: [{ label: 'none' }],
      seriesFrom: ss => {
        const names = new Set();
        for (const s of ss) for (const k of Object.keys(s.drops_per_second || {})) names.add(k);
        return names.size ? [...names].sort() : ['none'];
      },
      values: (s, labels) => labels.map(l => l === 'none' ? 0 : (s.drops_per_second || {})[l] || 0),
    }),
    new LiveChart({
      id: 'occupancy', title: 'Queue occupancy (average)', unit: 'packets', format: v => v.toFixed(1),
      series: [{ label: 'rx ring' }, { label: 'qdisc' }, { label: 'socket' }],
      values: s => [s.rx_ring_frames, s.qdisc_packets, s.socket_queue_packets],
    }),
    new LiveChart({
      id: 'ping', title: 'Ping round trip', unit: 'ms', format: v => v.toFixed(3) + ' ms',
      series: [{ label: 'min' }, { label: 'p50' }, { label: 'p99' }],
      values: s => s.ping ? [s.ping.min_ms, s.ping.p50_ms, s.ping.p99_ms] : [null, null, null],
    }),
  ];
}

export function dashboard(root) {
  const list = charts();
  const ping = list[list.length - 1];
  const paceNote = h('span', { class: 'note' });
  const paceButtons = ['pause', '1', '10', 'max'].map(p => h('button', {
    class: 'pace', 'data-pace': p,
    onclick: async () => {
      try { await api.put('/scenario', { pace: p }); note(paceNote, ''); } catch (e) { note(paceNote, e.message); }
    },
  }, p === 'pause' ? '❚❚ pause' : p === 'max' ? 'max' : p + '×'));
  const summary = h('div', { class: 'summary', id: 'dash-summary' });
  const ledger = h('div', { class: 'ledger', id: 'ledger' });
  const speed = h('span', { class: 'speed', id: 'speed' });
  fill(root,
    h('section', { class: 'dash-head' },
      summary,
      h('div', { class: 'pace-control' }, h('span', { class: 'label' }, 'Pace'), paceButtons, speed, paceNote),
      ledger),
    h('section', { class: 'charts' }, list.map(c => c.el)));

  const redraw = () => {
    ping.el.hidden = !live.samples.some(s => s.ping);
    for (const c of list) c.update(live.samples);
  };
  const showStatus = st => {
    if (!st) return;
    const sc = st.scenario;
    fill(summary,
      h('b', {}, sc.board), ' · features: ', sc.active_features.length ? sc.active_features.join(', ') : 'none (stock driver)',
      ' · iperf3 ', h('code', {}, sc.workload || '(defaults)'), ' · seed ', String(sc.seed),
      ' · virtual time ', h('span', { id: 'virtual-time' }, st.timeline_seconds.toFixed(1) + ' s'));
    for (const b of paceButtons) b.classList.toggle('on', b.dataset.pace === String(sc.pace).replace(/x$/, ''));
    const a = st.simulation && st.simulation.device ? st.simulation.device.accounting : null;
    if (a) {
      const ok = a.sent === a.delivered + a.dropped + a.in_flight;
      fill(ledger, h('span', { class: 'label' }, 'Ledger'),
        `sent ${fmt(a.sent)} = delivered ${fmt(a.delivered)} + dropped ${fmt(a.dropped)} + in flight ${fmt(a.in_flight)}`,
        h('span', { class: ok ? 'ok' : 'err', title: ok ? 'every packet accounted for' : 'accounting broken' }, ok ? ' ✓' : ' ✗'));
    }
  };
  const showSpeed = () => {
    const s = live.samples[live.samples.length - 1];
    speed.textContent = s ? `virtual/wall ${s.speed.toFixed(s.speed < 10 ? 2 : 0)}×` : '';
  };
  redraw();
  showStatus(live.status);
  showSpeed();
  const stops = [
    on('sample', () => { redraw(); showSpeed(); }),
    on('event', () => list.forEach(c => c.redraw())),
    on('status', showStatus),
  ];
  return () => stops.forEach(s => s());
}
