// The classroom link of the first-load benchmark (scripts/classroom-link.mjs) is ONE link: two
// downloads at once share its rate instead of each getting all of it, every response waits its
// latency first, and bodies go out gzipped when the browser asks. Lower bounds only: a busy
// machine can make the link slower than its rate, never faster.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startClassroomLink } from '../scripts/classroom-link.mjs';

const RATE = 2_000_000; // bit/s: 250 kB/s
const KB50 = 50_000;

test('two downloads at once share the link; each response waits its latency', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'netlab-link-'));
  // Random bytes do not compress: the wire carries all 50 kB of each.
  writeFileSync(join(dir, 'a.bin'), randomBytes(KB50));
  writeFileSync(join(dir, 'b.bin'), randomBytes(KB50));
  writeFileSync(join(dir, 'page.js'), 'export const x = 1;\n'.repeat(2000));
  const link = await startClassroomLink(dir, 0, { rateBps: RATE, latencyMs: 50 });
  try {
    let t0 = performance.now();
    const [a, b] = await Promise.all([fetch(`${link.url}a.bin`), fetch(`${link.url}b.bin`)].map((p) => p.then((r) => r.arrayBuffer())));
    const both = performance.now() - t0;
    assert.equal(a.byteLength, KB50);
    assert.equal(b.byteLength, KB50);
    // 100 kB at 250 kB/s: 400 ms plus the latency, not the 200 ms two separate links would take.
    assert.ok(both >= 440, `two 50 kB downloads took ${both.toFixed(0)} ms on one 2 Mbit/s link`);
    const ends = link.log.map((r) => r.end_ms);
    // Round-robin: neither finished long before the other (no download waits for the other to end).
    assert.ok(Math.abs(ends[0] - ends[1]) < 100, `ends ${ends.map((e) => e.toFixed(0)).join(', ')} ms`);
    link.reset();
    t0 = performance.now();
    const r = await fetch(`${link.url}page.js`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(r.headers.get('content-encoding'), 'gzip');
    // fetch unzips: the text is the file's 40 kB, the wire carried its gzip.
    assert.equal((await r.text()).length, 40_000);
    assert.ok(performance.now() - t0 >= 50);
    assert.ok(link.log[0].bytes < 2000, `gzip bytes on the wire: ${link.log[0].bytes}`);
    link.cut(true);
    await assert.rejects(fetch(`${link.url}a.bin`));
  } finally {
    await link.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
