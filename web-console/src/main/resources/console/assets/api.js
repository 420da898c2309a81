// The REST API from the browser: the session cookie authenticates, and every change carries the
// session's CSRF token (GET /api/v1/session). Errors become exceptions with the API's message.
let csrf = null;

export async function session() {
  const s = await get('/session');
  csrf = s.csrf_token;
  return s;
}

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function call(method, path, body, contentType, ifMatch) {
  return (await tagged(method, path, body, contentType, ifMatch)).json;
}

// The answer with its ETag (the configuration's version on /scenario and /features/{id}); a change sent
// with ifMatch is refused with 412 if the configuration changed since that version.
async function tagged(method, path, body, contentType, ifMatch) {
  const headers = {};
  if (method !== 'GET') headers['X-CSRF-Token'] = csrf || '';
  if (body !== undefined && contentType) headers['Content-Type'] = contentType;
  if (ifMatch) headers['If-Match'] = ifMatch;
  const r = await fetch('/api/v1' + path, { method, headers, body, credentials: 'same-origin' });
  if (r.status === 401) { location.href = '/login?ended'; throw new ApiError(401, 'logged out'); } // the page had a session
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch (e) { /* not JSON */ }
  if (!r.ok) throw new ApiError(r.status, (json && json.error) || text || r.statusText);
  return { json, etag: r.headers.get('ETag') };
}

export const getTagged = path => tagged('GET', path);
export const putIfMatch = (path, obj, etag) => tagged('PUT', path, JSON.stringify(obj), 'application/json', etag);
export const STALE = 412;

export const get = path => call('GET', path);
export const put = (path, obj) => call('PUT', path, JSON.stringify(obj), 'application/json');
export const post = (path, obj) => call('POST', path, obj === undefined ? undefined : JSON.stringify(obj), 'application/json');
export const del = path => call('DELETE', path);
export const upload = (method, path, file) => call(method, path, file, 'application/java-archive');
export const csrfToken = () => csrf;
