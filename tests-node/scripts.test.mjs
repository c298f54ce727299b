// The setup helpers: the wasm-bindgen pin is read from sim-wasm/Cargo.toml and installed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BRIEF_FLOWS, brief, briefDiff } from '../scripts/goldenBrief.mjs';
import { capture, npmState, pinnedWasmBindgen } from '../scripts/lib.mjs';

test('the wasm-bindgen pin is an exact version', () => {
  assert.match(pinnedWasmBindgen(), /^\d+\.\d+\.\d+$/);
});

test("npm packages are judged by the lock's content, not its time: a fresh worktree does not reinstall", () => {
  // A worktree's checkout gives the same lock a newer time: with a stamp of the same content, no npm ci.
  assert.equal(npmState({ lockHash: 'a1', stamp: 'a1\n', markerTime: 10, lockTime: 20 }), 'ok');
  // The lock's content changed: install, whatever the times say.
  assert.equal(npmState({ lockHash: 'b2', stamp: 'a1', markerTime: 30, lockTime: 20 }), 'install');
  // No node_modules yet.
  assert.equal(npmState({ lockHash: 'a1', stamp: null, markerTime: null, lockTime: 20 }), 'install');
  // An install from before stamps: trusted when npm's marker is newer, and stamped.
  assert.equal(npmState({ lockHash: 'a1', stamp: null, markerTime: 30, lockTime: 20 }), 'stamp');
  assert.equal(npmState({ lockHash: 'a1', stamp: null, markerTime: 10, lockTime: 20 }), 'install');
});

test('the installed wasm-bindgen CLI matches the pin', () => {
  assert.equal(capture('wasm-bindgen', ['--version'])?.split(/\s+/)[1], pinnedWasmBindgen());
});

// A summary as the engine writes it, cut to what the brief reads.
const summary = (goodput, extra = {}) => ({
  events: 1000,
  jain: 0.987654,
  flows: [
    { id: 'f1', goodput_mbps: goodput, retransmitted_packets: 3 },
    { id: 'f2', goodput_mbps: 4.5, retransmitted_packets: 0, size_bytes: 1e6, fct_s: 1.23456 },
  ],
  links: [{ id: 'bottleneck', utilization: 0.951234, drops: 7 }],
  ...extra,
});

test('a golden brief keeps the numbers a reader looks at, rounded', () => {
  const b = brief(summary(5.123456));
  assert.deepEqual(b.flows, { f1: { goodput_mbps: 5.123, retransmitted: 3 }, f2: { goodput_mbps: 4.5, retransmitted: 0, fct_s: 1.235 } });
  assert.deepEqual(b.links, { bottleneck: { utilization: 0.9512, drops: 7 } });
  assert.equal(b.jain, 0.9877);
  const many = brief(summary(1, { flows: Array.from({ length: 50 }, (_, i) => ({ id: `g${i}`, goodput_mbps: 1, retransmitted_packets: 0 })), flows_unlisted: 100 }));
  assert.equal(Object.keys(many.flows).length, BRIEF_FLOWS);
  assert.equal(many.flows_not_shown, 50 - BRIEF_FLOWS + 100);
});

test('a drifted digest says what changed, before and after', () => {
  const d = briefDiff(brief(summary(5.12)), brief(summary(4.8, { jain: 0.5 })));
  assert.deepEqual(d, ['jain 0.9877 → 0.5', 'flows.f1.goodput_mbps 5.12 → 4.8']);
  assert.deepEqual(briefDiff(brief(summary(5)), brief(summary(5))), []);
  const long = briefDiff({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: 2 }, 2);
  assert.deepEqual(long, ['a 1 → 2', 'b 1 → 2', '… and 1 more']);
});

test('the bench counts what index.html and the lab start load as the first load, the rest as lazy (source maps not at all)', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { bundleSizes } = await import('../scripts/bundle-size.mjs');
  const dist = mkdtempSync(join(tmpdir(), 'netlab-dist-'));
  mkdirSync(join(dist, 'assets'));
  const html = '<script type="module" src="/assets/index-a1.js"></script><link rel="modulepreload" href="./assets/presets-b2.js"><link rel="stylesheet" href="/assets/index-c3.css">';
  writeFileSync(join(dist, 'index.html'), html);
  const files = { 'index-a1.js': 'a'.repeat(100), 'presets-b2.js': 'p', 'index-c3.css': 'c', 'sim.worker-d4.js': 'w', 'netlab_wasm_bg-e5.wasm': 'm', 'Editor-f6.js': 'e'.repeat(50), 'compare.worker-g7.js': 'x', 'index-a1.js.map': '{}' };
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dist, 'assets', f), text);
  const s = bundleSizes(dist);
  assert.deepEqual(s.firstLoad.files.map((r) => r.file).sort(), ['assets/index-a1.js', 'assets/index-c3.css', 'assets/netlab_wasm_bg-e5.wasm', 'assets/presets-b2.js', 'assets/sim.worker-d4.js', 'index.html']);
  assert.deepEqual(s.lazy.map((r) => r.file), ['assets/Editor-f6.js', 'assets/compare.worker-g7.js']);
  assert.equal(s.firstLoad.raw, html.length + 104);
  assert.equal(s.firstLoad.gzip, s.firstLoad.files.reduce((n, r) => n + r.gzip, 0));
  assert.ok(s.lazy[0].gzip < 50, 'gzip compresses a repeated character');
});

test('bench --against: the page timings and sizes are ratios this / reference, null where a side failed', async () => {
  const { pageSpeedRatios } = await import('../scripts/page-speed.mjs');
  const run = (preset, total_s, state = 'finished') => ({ preset, variant: 'quick', state, load_s: 0.5, run_s: total_s - 0.5, total_s });
  const rows = pageSpeedRatios([run('a', 1.5), run('b', 2), run('c', 1)], [run('a', 3), run('b', 1, 'error'), run('c', 0.75)]);
  assert.deepEqual(rows.map((r) => r.preset), ['a', 'b', 'c']);
  assert.equal(rows[0].total, 0.5);
  assert.equal(rows[0].run, 1 / 2.5);
  assert.equal(rows[1].total, null, 'the reference did not finish: no ratio');
  assert.equal(rows[2].total, 1 / 0.75);

  const { bundleRatios } = await import('../scripts/bundle-size.mjs');
  const sizes = (js, wasm, lazy) => ({
    firstLoad: { files: [{ file: 'assets/index.js', raw: js * 3, gzip: js }, { file: 'assets/netlab_wasm_bg.wasm', raw: wasm * 3, gzip: wasm }], raw: 3 * (js + wasm), gzip: js + wasm },
    lazy: [{ file: 'assets/Editor.js', raw: lazy * 3, gzip: lazy }],
  });
  const by = Object.fromEntries(bundleRatios(sizes(100, 300, 10), sizes(200, 300, 20)).map((r) => [r.figure, r.ratio]));
  assert.equal(by['first load, gzip'], 400 / 500);
  assert.equal(by['wasm, gzip'], 1);
  assert.equal(by['JS and CSS of the first load, gzip'], 0.5);
  assert.equal(by['lazy chunks, gzip'], 0.5);
});
