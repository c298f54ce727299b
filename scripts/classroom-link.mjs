// A static server of dist/ as a class meets it over shared Wi-Fi (issue 31 part 5): every
// response waits LATENCY_MS before its first byte, then its gzipped body goes out through ONE
// link of RATE_BPS shared by every response in flight (a token bucket drained round-robin in
// CHUNK-byte slices: ten parallel downloads each get a tenth, as on a real shared link). The
// server records, per request, when it arrived, when its last byte left and its bytes on the
// wire, so a benchmark can say where the time went. Used by scripts/first-load.mjs.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export const RATE_BPS = 2_000_000;
export const LATENCY_MS = 50;
const CHUNK = 4096;
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.xz': 'application/x-xz',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg']);

/**
 * Starts the server on 127.0.0.1:`port` for `dist`. Returns { url, log, reset(), cut(on), close() }:
 * `log` lists { path, bytes, start_ms, end_ms } since the last reset (ms from the first request);
 * `cut(true)` makes it refuse every request (the network is gone).
 */
export function startClassroomLink(dist, port, { rateBps = RATE_BPS, latencyMs = LATENCY_MS } = {}) {
  const bytesPerMs = rateBps / 8 / 1000;
  const cache = new Map();
  const log = [];
  let t0 = null;
  let down = false;
  // The shared link: streams waiting to send, served one CHUNK each in turn. `due` is when the
  // link has sent the slice in progress, on a schedule kept from slice to slice: a timer that
  // fires late (setTimeout is ≥ 1 ms late, and far more while the browser under test keeps the
  // CPU busy) is made up on the next slices instead of slowing the link — timing each slice from
  // when the last timer fired lost ~10 % of the rate on a loaded machine (measured: 774 kB of a
  // first load took 3.4 s, not 3.1 s). An idle link saves nothing up: a send after a pause
  // starts the schedule from now.
  const waiting = [];
  let pumping = false;
  let due = 0;
  const pump = () => {
    const s = waiting.shift();
    if (!s) {
      pumping = false;
      return;
    }
    const n = Math.min(CHUNK, s.body.length - s.sent);
    due = (pumping ? due : performance.now()) + n / bytesPerMs;
    pumping = true;
    setTimeout(() => {
      s.res.write(s.body.subarray(s.sent, s.sent + n));
      s.sent += n;
      if (s.sent < s.body.length) waiting.push(s);
      else s.done();
      pump();
    }, Math.max(0, due - performance.now()));
  };
  const send = (res, body, done) => {
    if (body.length === 0) return done();
    waiting.push({ res, body, sent: 0, done });
    if (!pumping) pump();
  };
  const file = (path) => {
    let f = normalize(join(dist, path));
    if (!f.startsWith(dist)) return null;
    if (existsSync(f) && statSync(f).isDirectory()) f = join(f, 'index.html');
    if (!existsSync(f)) return null;
    let entry = cache.get(f);
    if (!entry) {
      const raw = readFileSync(f);
      const ext = extname(f);
      entry = { raw, gz: COMPRESSIBLE.has(ext) ? gzipSync(raw, { level: 9 }) : null, type: TYPES[ext] ?? 'application/octet-stream' };
      cache.set(f, entry);
    }
    return entry;
  };
  const server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const now = performance.now();
    t0 ??= now;
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const entry = file(path);
    const rec = { path, bytes: 0, start_ms: now - t0, end_ms: null };
    log.push(rec);
    setTimeout(() => {
      if (!entry) {
        res.writeHead(404).end();
        rec.end_ms = performance.now() - t0;
        return;
      }
      const gzip = entry.gz !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? entry.gz : entry.raw;
      // no-cache: a visit's second fetch of a file revalidates (this server answers it whole), and
      // the offline reload must come from the service worker: with the network cut, nothing answers.
      res.writeHead(200, { 'content-type': entry.type, 'content-length': body.length, 'cache-control': 'no-cache', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      rec.bytes = body.length;
      send(res, body, () => {
        res.end();
        rec.end_ms = performance.now() - t0;
      });
    }, latencyMs);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        // Port 0 picks a free one.
        url: `http://127.0.0.1:${server.address().port}/`,
        log,
        reset() {
          log.length = 0;
          t0 = null;
        },
        cut(on) {
          down = on;
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    );
  });
}
