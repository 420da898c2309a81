// Live time-series charts on uPlot (a WebJar in the bundle): virtual seconds on the x axis, one point per
// sample, a vertical marker with a label at each event that changed what runs, cursors synchronised
// across charts. Each chart's element carries data-points and data-markers (what it drew last), which tests read.
import { h } from './dom.js';
import { live, MARKED } from './live.js';

const sync = uPlot.sync('ringlab');

export const COLORS = ['#2f6fdf', '#e8833a', '#3aa76d', '#c94f7c', '#8a63d2', '#c4a000', '#19a0b5', '#7f7f7f', '#b5562b'];

/** Short label of an event for a marker. */
function markerLabel(e) {
  const m = e.message || '';
  if (e.kind === 'change_applied') return m.length > 40 ? m.slice(0, 39) + '…' : m;
  if (e.kind.startsWith('bundle_')) return e.kind.slice(7) + ' ' + e.subject;
  if (e.kind === 'restart') return 'restart: ' + e.subject;
  return e.kind + ' ' + e.subject;
}

/** uPlot plugin: dashed vertical lines with labels at marked events inside the x range. */
function markersPlugin() {
  return {
    hooks: {
      draw: [u => {
        const ctx = u.ctx, [x0, x1] = [u.scales.x.min, u.scales.x.max];
        if (x0 == null) return;
        ctx.save();
        ctx.font = `${Math.round(10 * devicePixelRatio)}px system-ui, sans-serif`;
        ctx.textBaseline = 'top';
        ctx.textAlign = 'left';
        let lastX = -1e9, row = 0, drawn = 0;
        for (const e of live.events) {
          if (!MARKED.has(e.kind) || e.virtual_seconds < x0 || e.virtual_seconds > x1) continue;
          const x = Math.round(u.valToPos(e.virtual_seconds, 'x', true));
          ctx.strokeStyle = e.kind === 'quarantine' || e.kind === 'restart' ? '#d33' : '#888';
          ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
          ctx.beginPath();
          ctx.moveTo(x, u.bbox.top);
          ctx.lineTo(x, u.bbox.top + u.bbox.height);
          ctx.stroke();
          row = x - lastX < 120 * devicePixelRatio ? (row + 1) % 3 : 0; // stagger labels that would overlap
          lastX = x;
          ctx.fillStyle = ctx.strokeStyle;
          const label = markerLabel(e), pad = 3 * devicePixelRatio;
          // near the right edge the label goes left of its line, so it is never cut off
          const right = x + pad + ctx.measureText(label).width > u.bbox.left + u.bbox.width;
          ctx.textAlign = right ? 'right' : 'left';
          ctx.fillText(label, right ? x - pad : x + pad, u.bbox.top + (2 + row * 12) * devicePixelRatio);
          drawn++;
        }
        ctx.restore();
        u.root.closest('figure').dataset.markers = String(drawn);
      }],
    },
  };
}

/**
 * A live chart. spec: {id, title, unit, series: [{label, color}], values: sample => [numbers|null],
 * stacked (areas summing up, e.g. CPU shares), min, max}. Series may change later (setSeries; seriesFrom:
 * samples => labels, colorOf: (label, index) => a colour for that series, else the palette's).
 */
export class LiveChart {
  constructor(spec) {
    this.spec = spec;
    this.el = h('figure', { class: 'chart', 'data-chart': spec.id, 'data-points': '0' },
      h('figcaption', {}, spec.title, spec.unit ? h('span', { class: 'unit' }, ' ' + spec.unit) : null));
    this.plotBox = h('div', { class: 'plot' });
    this.el.append(this.plotBox);
    this.labels = spec.series.map(s => s.label);
    this.raw = [];
    this.dirty = false;
    new ResizeObserver(() => this.resize()).observe(this.plotBox);
  }

  opts() {
    const stacked = this.spec.stacked;
    const series = [{ label: 'virtual s', value: (u, v) => {
      const x = v ?? u.data[0][u.data[0].length - 1];
      return x == null ? '–' : x.toFixed(2) + ' s';
    } }];
    this.labels.forEach((label, i) => {
      const color = (this.spec.series[i] && this.spec.series[i].color) || COLORS[i % COLORS.length];
      series.push({
        label, stroke: color, width: 1.5, points: { show: false },
        fill: stacked ? color + '55' : undefined,
        value: (u, v, si, di) => {
          // under the cursor its point, otherwise the latest: the legend always says where things stand
          const col = this.raw[si - 1] || [];
          const r = col[di ?? col.length - 1];
          return r == null ? '–' : (this.spec.format ? this.spec.format(r) : Number(r.toPrecision(3)).toString());
        },
        spanGaps: false,
      });
    });
    const bands = stacked ? this.labels.slice(1).map((_, i) => ({ series: [i + 2, i + 1], fill: series[i + 2].fill })) : undefined;
    if (stacked) series.forEach((s, i) => { if (i > 1) s.fill = undefined; });
    return {
      width: Math.max(200, this.plotBox.clientWidth), height: 190,
      cursor: { sync: { key: sync.key } },
      legend: { live: true },
      scales: { x: { time: false }, y: { range: (u, mn, mx) => [this.spec.min ?? Math.min(0, mn), this.spec.max ?? (mx > 0 ? mx * 1.08 : 1)] } },
      axes: [{ label: 'virtual time (s)', size: 40 }, { size: 56, values: (u, vals) => vals.map(v => this.spec.axis ? this.spec.axis(v) : v) }],
      series, bands,
      plugins: [markersPlugin()],
    };
  }

  /** Rebuilds with new series labels (e.g. a drop reason appeared). */
  setSeries(labels) {
    if (labels.join('\u0000') === this.labels.join('\u0000')) return;
    this.labels = labels;
    this.spec.series = labels.map((label, i) => ({ label, color: (this.spec.colorOf && this.spec.colorOf(label, i)) || COLORS[i % COLORS.length] }));
    if (this.plot) { this.plot.destroy(); this.plot = null; }
  }

  /** Redraws from the samples (call after new ones arrived); batched to the next animation frame. */
  update(samples) {
    this.samples = samples;
    if (this.dirty) return;
    this.dirty = true;
    requestAnimationFrame(() => { this.dirty = false; this.draw(); });
  }

  draw() {
    const samples = this.samples || [];
    if (this.spec.seriesFrom) this.setSeries(this.spec.seriesFrom(samples));
    const n = this.labels.length;
    const xs = [], raw = Array.from({ length: n }, () => []);
    for (const s of samples) {
      const v = this.spec.values(s, this.labels);
      xs.push(s.virtual_seconds);
      for (let i = 0; i < n; i++) raw[i].push(v[i] == null ? null : v[i]);
    }
    this.raw = raw;
    let shown = raw;
    if (this.spec.stacked) {
      shown = [];
      let acc = xs.map(() => 0);
      for (let i = 0; i < n; i++) {
        acc = acc.map((a, j) => a + (raw[i][j] || 0));
        shown.push(acc.slice());
      }
    }
    const data = [xs, ...shown];
    if (!this.plot) {
      if (!this.plotBox.isConnected || this.plotBox.clientWidth === 0) return;
      this.plot = new uPlot(this.opts(), data, this.plotBox);
      sync.sub(this.plot);
    } else {
      this.plot.setData(data);
    }
    this.el.dataset.points = String(xs.length);
  }

  resize() {
    if (this.plot && this.plotBox.clientWidth > 0) this.plot.setSize({ width: this.plotBox.clientWidth, height: 190 });
    else if (!this.plot) this.draw();
  }

  /** Redraws the markers (a new event arrived). */
  redraw() { if (this.plot) this.plot.redraw(false, false); }
}
