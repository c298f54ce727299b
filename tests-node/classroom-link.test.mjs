// The classroom link of the first-load benchmark (scripts/classroom-link.mjs) is ONE link: two
// downloads at once share its rate instead of each getting all of it, every response waits its
// latency first, and bodies go out gzipped when the browser asks. A busy machine (the browser
// under test shares the CPU with this server) does not make it slower than its rate either.
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

// The link keeps its schedule from slice to slice so that late timers are made up (a loaded
// machine otherwise slowed it ~10 %); making up must never make it faster than its rate, and an
// idle link must not save up time for a burst. (How much closer to the rate it stays under load
// is measured by the first-load benchmark, not asserted here.)
test('making up late slices never beats the rate, and an idle link saves nothing up', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'netlab-link-'));
  writeFileSync(join(dir, 'big.bin'), randomBytes(5 * KB50));
  writeFileSync(join(dir, 'a.bin'), randomBytes(KB50));
  const link = await startClassroomLink(dir, 0, { rateBps: RATE, latencyMs: 50 });
  // The CPU busy 5 ms of every 10: every timer of the link fires late.
  const hog = setInterval(() => {
    const until = performance.now() + 5;
    while (performance.now() < until);
  }, 10);
  try {
    const big = await (await fetch(`${link.url}big.bin`)).arrayBuffer();
    clearInterval(hog);
    assert.equal(big.byteLength, 5 * KB50);
    // The server's clock, request in to last byte out: 250 kB at 250 kB/s after 50 ms.
    const took = (r) => r.end_ms - r.start_ms;
    assert.ok(took(link.log[0]) >= 1040, `250 kB took ${took(link.log[0]).toFixed(0)} ms on a 2 Mbit/s link`);
    await new Promise((r) => setTimeout(r, 500));
    await (await fetch(`${link.url}a.bin`)).arrayBuffer();
    assert.ok(took(link.log[1]) >= 240, `50 kB after 0.5 s idle took ${took(link.log[1]).toFixed(0)} ms`);
  } finally {
    clearInterval(hog);
    await link.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
