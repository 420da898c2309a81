// The node's live feed (GET /api/v1/stream, server-sent events): samples (4 per wall second), events
// and the status (once per second). Kept here for every page; EventSource reconnects by itself and the
// node resumes after the last id it sent, so nothing is drawn twice or missed.
import { ApiError, session } from './api.js';

const KEEP_SAMPLES = 480;   // two wall minutes
const KEEP_EVENTS = 2000;

export const live = {
  samples: [],
  events: [],
  status: null,
  connected: false,
  lastSampleSeq: 0,
  lastEventSeq: 0,
};

const listeners = { sample: new Set(), event: new Set(), status: new Set(), connection: new Set() };

/** Calls fn on each new message of a kind; returns a function that stops it. */
export function on(kind, fn) {
  listeners[kind].add(fn);
  return () => listeners[kind].delete(fn);
}

function emit(kind, value) {
  for (const fn of listeners[kind]) {
    try { fn(value); } catch (e) { console.error(e); }
  }
}

export function connect() {
  // resumes after what the page holds (after a reset, the node's numbers start again: see 'reset' below)
  const since = live.lastSampleSeq || live.lastEventSeq ? `?since=${live.lastSampleSeq}.${live.lastEventSeq}` : '';
  const es = new EventSource('/api/v1/stream' + since);
  es.addEventListener('open', () => { live.connected = true; emit('connection', true); });
  es.addEventListener('error', () => {
    live.connected = false;
    emit('connection', false);
    // EventSource retries by itself after a network error (the node restarting), but gives up for good on an
    // answer that is no stream: a 401 once the node came back (a restart ends every session) or a 503 (too
    // many streams). Then the session decides: gone, api.js sends the page to /login; else open a new stream.
    if (es.readyState === EventSource.CLOSED) setTimeout(reopen, 2000);
  });
  // The node was restarted while the page stayed open: its numbers start again, the old run's history goes
  es.addEventListener('reset', () => {
    live.samples.length = 0;
    live.events.length = 0;
    live.lastSampleSeq = 0;
    live.lastEventSeq = 0;
  });
  es.addEventListener('sample', m => {
    const s = JSON.parse(m.data);
    if (s.seq <= live.lastSampleSeq) return;
    live.lastSampleSeq = s.seq;
    live.samples.push(s);
    if (live.samples.length > KEEP_SAMPLES) live.samples.splice(0, live.samples.length - KEEP_SAMPLES);
    emit('sample', s);
  });
  es.addEventListener('event', m => {
    const e = JSON.parse(m.data);
    if (e.seq <= live.lastEventSeq) return;
    live.lastEventSeq = e.seq;
    live.events.push(e);
    if (live.events.length > KEEP_EVENTS) live.events.splice(0, live.events.length - KEEP_EVENTS);
    emit('event', e);
  });
  es.addEventListener('status', m => {
    live.status = JSON.parse(m.data);
    emit('status', live.status);
  });
  return es;
}

async function reopen() {
  try {
    await session(); // a 401 goes to /login
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) setTimeout(reopen, 5000); // not up yet: try again
    return;
  }
  connect();
}

/** Event kinds the charts mark with a vertical line and a label. */
export const MARKED = new Set(['change_applied', 'bundle_installed', 'bundle_updated', 'bundle_started', 'bundle_stopped',
  'bundle_uninstalled', 'quarantine', 'restart']);
