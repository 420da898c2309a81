// A sweep's report: draws what the JSON island #sweep-data holds (ringlab.experiment.report.ReportModel; the
// means and 95 % intervals are computed in Java). Heat maps are HTML tables with computed colours (uPlot has
// none); bars and lines are uPlot charts. Every chart says what it drew in data-* attributes (data-cells,
// data-points, data-whiskers), which the browser test reads.
(() => {
  'use strict';
  const D = JSON.parse(document.getElementById('sweep-data').textContent);
  const COLORS = ['#2f6fdf', '#e8833a', '#3aa76d', '#c94f7c', '#8a63d2', '#c4a000', '#19a0b5', '#7f7f7f', '#b5562b'];
  // sequential scales, light to dark: throughput in blues (more is better), CPU per bit in oranges (less is better)
  const SCALES = {
    mbps: ['#f2f7fd', '#c6dbef', '#6baed6', '#2171b5', '#08306b'],
    cyclesPerBit: ['#fff5eb', '#fdd0a2', '#fd8d3c', '#d94801', '#7f2704'],
  };
  const afterLayout = []; // uPlot needs the box's width: charts are made once the page is in the DOM

  function h(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v != null) e.setAttribute(k, v);
    for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : String(k));
    return e;
  }

  const num = v => (v == null || Number.isNaN(v) ? null : v);
  function fmt(v) {
    if (num(v) == null) return '–';
    const a = Math.abs(v);
    if (a >= 1000) return Math.round(v).toLocaleString('en');
    if (a >= 100) return v.toFixed(0);
    if (a >= 10) return v.toFixed(1);
    return Number(v.toPrecision(3)).toString();
  }
  const slug = s => String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

  function hex(c) { return [1, 3, 5].map(i => parseInt(c.slice(i, i + 2), 16)); }
  /** The colour at t in [0, 1] along a scale's stops (linear in RGB between stops). */
  function colorAt(stops, t) {
    const x = Math.min(1, Math.max(0, t)) * (stops.length - 1), i = Math.min(stops.length - 2, Math.floor(x)), f = x - i;
    const a = hex(stops[i]), b = hex(stops[i + 1]);
    return a.map((v, k) => Math.round(v + (b[k] - v) * f));
  }
  const rgb = c => `rgb(${c[0]},${c[1]},${c[2]})`;
  const dark = c => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] < 140;

  // ---- heat maps ----------------------------------------------------------------------------------------

  /** A board x feature set table of one metric, each cell coloured on the map's own min..max scale. */
  function heatmap(w, grid, metric, title, unit, note) {
    const cells = new Map(grid.cells.map(c => [c.board + '\u0000' + c.features, c]));
    const values = grid.cells.map(c => c[metric] && num(c[metric].mean)).filter(v => v != null);
    const lo = Math.min(...values), hi = Math.max(...values);
    const t = v => (hi > lo ? (v - lo) / (hi - lo) : 0.5);
    let drawn = 0, refused = 0;
    const head = h('tr', {}, h('th', { class: 'corner' }, 'board \\ features'), w.features.map(f => h('th', { scope: 'col' }, f)));
    const rows = w.boards.map(b => h('tr', {}, h('th', { scope: 'row' }, b), w.features.map(f => {
      const c = cells.get(b + '\u0000' + f);
      if (!c) return h('td', { class: 'none', title: 'not in this sweep' }, '·');
      if (c.refused != null) {
        refused++;
        return h('td', { class: 'refused', 'data-refused': c.refused, title: 'refused: ' + c.refused }, 'refused');
      }
      const e = c[metric];
      if (!e || num(e.mean) == null) return h('td', { class: 'none', title: 'no value' }, '–');
      drawn++;
      const col = colorAt(SCALES[metric], t(e.mean));
      const ci = e.n > 1 ? h('small', {}, '±' + fmt((e.high - e.low) / 2)) : null;
      return h('td', {
        'data-value': String(e.mean), 'data-board': b, 'data-features': f,
        style: `background:${rgb(col)};color:${dark(col) ? '#fff' : '#1b1f24'}`,
        title: `${b} · ${f}: ${fmt(e.mean)} ${unit}` + (e.n > 1 ? ` (mean of ${e.n} seeds, 95 % CI ${fmt(e.low)} … ${fmt(e.high)})` : ''),
      }, fmt(e.mean), ci);
    })));
    const legend = values.length ? h('div', { class: 'legend' },
      h('span', {}, fmt(lo)),
      h('span', { class: 'ramp', style: `background:linear-gradient(to right, ${SCALES[metric].join(', ')})` }),
      h('span', {}, fmt(hi) + ' ' + unit),
      refused ? h('span', { class: 'swatch refused' }, 'refused') : null) : null;
    return h('figure', {
      class: 'heatmap', 'data-heatmap': `${w.name}|${grid.variant}|${metric}`, 'data-cells': String(drawn), 'data-refused': String(refused),
    }, h('figcaption', {}, title, h('span', { class: 'unit' }, ' ' + unit), note ? h('span', { class: 'note' }, ' ' + note) : null),
    h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, head), h('tbody', {}, rows))), legend);
  }

  // ---- bars with 95 % intervals ------------------------------------------------------------------------

  /**
   * One bar per board · feature set (· variant), coloured by feature set, the whisker of its 95 % interval
   * drawn in a draw hook. One uPlot series per feature set, null at the other bars, so the legend names the colours.
   */
  function bars(id, title, unit, items, metric, features) {
    const fig = h('figure', { class: 'chart', 'data-chart': id, 'data-points': '0', 'data-whiskers': '0' },
      h('figcaption', {}, title, h('span', { class: 'unit' }, ' ' + unit), h('span', { class: 'note' }, ' mean of the seeds, whiskers: 95 % confidence interval')));
    const box = h('div', { class: 'plot' });
    fig.append(box);
    afterLayout.push(() => {
      const xs = items.map((_, i) => i);
      const est = items.map(c => c[metric]);
      const top = Math.max(0, ...est.map(e => (e ? e.high : 0)));
      const series = features.map((f, k) => ({
        label: f, fill: COLORS[k % COLORS.length] + 'cc', stroke: COLORS[k % COLORS.length], width: 1,
        paths: uPlot.paths.bars({ size: [0.7, 64], align: 0 }), points: { show: false },
        value: (u, v) => (v == null ? '–' : fmt(v) + ' ' + unit),
      }));
      const data = [xs, ...features.map(f => items.map((c, i) => (c.features === f && est[i] ? est[i].mean : null)))];
      const labels = items.map(c => c.board + '\n' + c.features + (c.variant ? '\n' + c.variant : ''));
      new uPlot({
        width: Math.max(280, box.clientWidth), height: 300,
        legend: { live: false }, // the legend names the feature sets' colours; values are on the axis and in the table
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, items.length - 0.5] }, y: { range: [0, top > 0 ? top * 1.12 : 1] } },
        axes: [
          { splits: () => xs, values: (u, sp) => sp.map(i => (Number.isInteger(i) ? labels[i] : '')), size: 58, grid: { show: false }, font: '11px system-ui, sans-serif' },
          { size: 60, label: unit }, // uPlot's own tick labels: one format along the axis
        ],
        series: [{ label: 'run', value: (u, i) => (i == null ? '–' : labels[i].replace(/\n/g, ' · ')) }, ...series],
        hooks: {
          draw: [u => {
            const ctx = u.ctx, px = devicePixelRatio, cap = 6 * px;
            let whiskers = 0;
            ctx.save();
            ctx.strokeStyle = '#1b1f24';
            ctx.lineWidth = 1.5 * px;
            est.forEach((e, i) => {
              if (!e || e.n < 2) return;
              const x = Math.round(u.valToPos(i, 'x', true)), y0 = u.valToPos(e.low, 'y', true), y1 = u.valToPos(e.high, 'y', true);
              ctx.beginPath();
              ctx.moveTo(x, y0); ctx.lineTo(x, y1);
              ctx.moveTo(x - cap, y0); ctx.lineTo(x + cap, y0);
              ctx.moveTo(x - cap, y1); ctx.lineTo(x + cap, y1);
              ctx.stroke();
              whiskers++;
            });
            ctx.restore();
            fig.dataset.whiskers = String(whiskers);
            fig.dataset.points = String(est.filter(e => e).length);
          }],
        },
      }, data, box);
    });
    return fig;
  }

  // ---- lines over a swept tunable ----------------------------------------------------------------------

  function lines(id, title, unit, sweep, metric) {
    const drawnPoints = sweep.lines.reduce((n, l) => n + l[metric].filter(v => num(v) != null).length, 0);
    const fig = h('figure', { class: 'chart', 'data-chart': id, 'data-points': '0', 'data-series': String(sweep.lines.length) },
      h('figcaption', {}, title, h('span', { class: 'unit' }, ' ' + unit), h('span', { class: 'note' }, ' against ' + sweep.key + ', mean of the seeds')));
    const box = h('div', { class: 'plot' });
    fig.append(box);
    afterLayout.push(() => {
      const xs = sweep.numeric ? sweep.values.map(Number) : sweep.values.map((_, i) => i);
      const data = [xs, ...sweep.lines.map(l => l[metric].map(num))];
      // values over two decades or more (10, 100, 1000): a log axis spaces them evenly
      const log = sweep.numeric && xs[0] > 0 && xs[xs.length - 1] / xs[0] >= 100;
      new uPlot({
        width: Math.max(280, box.clientWidth), height: 260,
        scales: { x: log ? { time: false, distr: 3, log: 10 } : { time: false }, y: { range: (u, mn, mx) => [Math.min(0, mn ?? 0), mx > 0 ? mx * 1.08 : 1] } },
        axes: [
          sweep.numeric ? { label: sweep.key } : { label: sweep.key, splits: () => xs, values: (u, sp) => sp.map(i => sweep.values[i] ?? '') },
          { size: 60, label: unit }, // uPlot's own tick labels: one format along the axis
        ],
        series: [{ label: sweep.key, value: (u, v) => (v == null ? '–' : sweep.numeric ? String(v) : sweep.values[v]) },
          ...sweep.lines.map((l, i) => ({
            label: l.label, stroke: COLORS[i % COLORS.length], width: 2, spanGaps: true,
            points: { show: true, size: 7, fill: COLORS[i % COLORS.length] }, value: (u, v) => (v == null ? '–' : fmt(v)),
          }))],
        hooks: { draw: [() => { fig.dataset.points = String(drawnPoints); }] },
      }, data, box);
    });
    return fig;
  }

  // ---- the table of runs, sortable ---------------------------------------------------------------------

  function runsTable() {
    const cols = [
      { key: 'workload', label: 'workload', get: r => r.workload },
      { key: 'board', label: 'board', get: r => r.board },
      { key: 'features', label: 'features', get: r => r.features },
      { key: 'seed', label: 'seed', get: r => r.seed, num: true },
      { key: 'variant', label: 'settings', get: r => r.variant || '' },
      ...D.columns.map(c => ({ key: c.name, label: c.label, unit: c.unit, get: r => num(r.figures[c.name]), num: true, fig: true })),
    ];
    const tbody = h('tbody');
    let sortKey = null, dir = 1;
    const ths = cols.map(c => {
      const th = h('th', { scope: 'col', 'data-key': c.key, class: c.num ? 'num' : null, title: 'sort by ' + c.label },
        c.label, c.unit ? h('span', { class: 'unit' }, c.unit) : null);
      th.addEventListener('click', () => {
        dir = sortKey === c.key ? -dir : 1;
        sortKey = c.key;
        ths.forEach(t => t.removeAttribute('aria-sort'));
        th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
        fill();
      });
      return th;
    });
    function fill() {
      const rows = D.runs.slice();
      const c = cols.find(x => x.key === sortKey);
      if (c) {
        rows.sort((a, b) => {
          const x = c.get(a), y = c.get(b);
          if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1; // absent values last either way
          return (c.num ? x - y : String(x).localeCompare(String(y))) * dir;
        });
      }
      tbody.replaceChildren(...rows.map(r => h('tr', { 'data-key': r.key },
        cols.map(k => h('td', { class: k.num ? 'num' : null }, k.fig ? fmt(k.get(r)) : k.get(r))))));
    }
    fill();
    return h('div', { class: 'scroll' }, h('table', { class: 'runs', id: 'runs', 'data-rows': String(D.runs.length) }, h('thead', {}, h('tr', {}, ths)), tbody));
  }

  function refusedTable() {
    if (!D.refused.length) return h('p', { class: 'note' }, 'None: every combination of the sweep could run.');
    return h('div', { class: 'scroll' }, h('table', { class: 'refusals', id: 'refusals', 'data-rows': String(D.refused.length) },
      h('thead', {}, h('tr', {}, ['workload', 'board', 'features', 'seed', 'settings', 'reason'].map(t => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, D.refused.map(r => h('tr', {}, h('td', {}, r.workload), h('td', {}, r.board), h('td', {}, r.features),
        h('td', { class: 'num' }, r.seed), h('td', {}, r.variant || ''), h('td', { class: 'reason' }, r.reason))))));
  }

  // ---- the page ----------------------------------------------------------------------------------------

  function workloadSection(w) {
    const sec = h('section', { class: 'workload', id: 'w-' + slug(w.name), 'data-workload': w.name },
      h('h2', {}, w.name, w.iperf ? h('code', {}, 'iperf3 ' + w.iperf) : null));
    for (const g of w.grids) {
      sec.append(h('div', { class: 'grid-block' },
        g.variant ? h('h3', {}, g.variant) : null,
        h('div', { class: 'pair' },
          heatmap(w, g, 'mbps', 'Receiver throughput', 'Mbit/s', 'more is better'),
          heatmap(w, g, 'cyclesPerBit', 'CPU per bit', 'cycles/bit', 'busy cycles of all cores per bit received; less is better'))));
    }
    // bars only where some cell has several seeds: with one seed there is no interval to show
    const items = w.grids.flatMap(g => g.cells.filter(c => c.refused == null && c.mbps).map(c => ({ ...c, variant: g.variant })));
    if (D.seeds && items.some(c => c.mbps.n > 1)) {
      sec.append(h('h3', {}, 'Over the seeds'), h('div', { class: 'pair' },
        bars(`bars-${slug(w.name)}-mbps`, 'Receiver throughput', 'Mbit/s', items, 'mbps', w.features),
        bars(`bars-${slug(w.name)}-cpb`, 'CPU per bit', 'cycles/bit', items, 'cyclesPerBit', w.features)));
    }
    for (const s of w.sweeps) {
      sec.append(h('h3', {}, 'Tunable ', h('code', {}, s.key)), h('div', { class: 'pair' },
        lines(`line-${slug(w.name)}-${slug(s.key)}-mbps`, 'Receiver throughput', 'Mbit/s', s, 'mbps'),
        lines(`line-${slug(w.name)}-${slug(s.key)}-cpu`, 'CPU busy', '%', s, 'cpuBusy')));
    }
    return sec;
  }

  const boards = new Set(D.runs.map(r => r.board)), features = new Set(D.runs.map(r => r.features));
  document.getElementById('summary').textContent = `${D.runs.length} runs · ${D.workloads.length} workload${D.workloads.length === 1 ? '' : 's'} · `
    + `${boards.size} board${boards.size === 1 ? '' : 's'} × ${features.size} feature set${features.size === 1 ? '' : 's'} · ${D.refused.length} refused`;
  const main = document.getElementById('report');
  main.append(h('nav', {}, D.workloads.map(w => h('a', { href: '#w-' + slug(w.name) }, w.name)),
    h('a', { href: '#all-runs' }, 'all runs'), h('a', { href: '#refused' }, `refused (${D.refused.length})`)));
  D.workloads.forEach(w => main.append(workloadSection(w)));
  main.append(h('section', { id: 'all-runs' }, h('h2', {}, 'All runs', h('span', { class: 'note' }, ' click a column to sort')), runsTable()));
  main.append(h('section', { id: 'refused' }, h('h2', {}, 'Refused', h('span', { class: 'note' }, ' combinations the resolver or the board refused')), refusedTable()));
  afterLayout.forEach(f => f());
  document.body.dataset.ready = 'true';
})();
