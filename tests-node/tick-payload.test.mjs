// The page's tick payload stays bounded whatever the flow count (issue 18 item 4): the biggest
// presets (quick variants) run in the wasm build through the worker's encoder
// (web/src/worker/aggregate.ts, bundled here with rolldown, Vite's bundler), ticked as the page would at max
// speed, and every frame is at most TICK_MAX_BYTES; the per-class goodput aggregates add up to
// the total goodput of the flows at every instant. Needs sim-wasm/pkg (node scripts/build-wasm.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../scripts/lib.mjs';
import { tsModule } from './ts-module.mjs';
import { Simulation, apply_knobs, initSync } from '../sim-wasm/pkg/netlab_wasm.js';

initSync({ module: readFileSync(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm_bg.wasm')) });

const agg = tsModule('web/src/worker/aggregate.ts');

/** Runs `name` (quick) in `ticks` equal slices; calls `check(frame, points, enc)` per frame of a tick. */
function runTicks(name, ticks, mode, check) {
  const text = readFileSync(join(ROOT, 'public', 'scenarios', `${name}.json`), 'utf8');
  const sim = new Simulation(apply_knobs(text, '{}', 'quick'), 1);
  try {
    const enc = new agg.module.TickEncoder(sim.duration_s());
    let metaLen = -1;
    let groups = [];
    enc.setView({ mode, picked: [] });
    for (let i = 1; i <= ticks && !sim.finished(); i++) {
      sim.advance_to((sim.duration_s() * i) / ticks);
      const meta = JSON.parse(sim.series_meta_json());
      if (meta.length !== metaLen) {
        groups = JSON.parse(sim.flow_groups_json());
        enc.setSource(meta, groups, JSON.parse(sim.topology_json()));
        metaLen = meta.length;
      }
      const points = sim.take_points();
      for (const frame of enc.encode(points)) check(frame, points, enc, meta, groups);
    }
  } finally {
    sim.free();
  }
}

describe('tick payload bound', () => {
  for (const name of ['mptcp-fsfs-load', 'mptcp-fsfs-paths', 'mptcp-short-flows', 'bbr-retransmissions']) {
    test(`${name} quick: every frame <= ${32} kB, drawn as aggregates`, () => {
      let most = 0;
      // 20 ticks: each far longer than a max-speed tick, the worst case for the bound.
      runTicks(name, 20, 'path', (frame, _points, enc) => {
        assert.ok(enc.aggregate, 'many flows are drawn as aggregates');
        most = Math.max(most, agg.module.frameBytes(frame));
        assert.ok(enc.drawnMeta.length <= agg.module.MAX_DRAWN_SERIES);
      });
      assert.ok(most <= agg.module.TICK_MAX_BYTES, `${name}: ${most} bytes in one tick`);
      assert.ok(most > 0, 'frames carry points');
    });
  }

  // The classes the engine records series of (G0 … G3: every flow the headline counts) are drawn
  // from those series, not from the listed flows' aggregates (web/src/classes/series.ts); the
  // flow aggregates left (the background, "bulk") sum their flows' goodput.
  test('mptcp-fsfs-load quick: per-class goodput sums to the total goodput at every kept instant', () => {
    let checked = 0;
    runTicks('mptcp-fsfs-load', 400, 'class', (frame, points, enc, meta, groups) => {
      const engineClasses = new Set(meta.filter((m) => m.scope === 'class').map((m) => m.owner));
      assert.ok(engineClasses.has('G0'), 'the engine records the short flows per class');
      const classOf = new Map(groups.map((g) => [g.owner, g.class]));
      const drawn = enc.drawnMeta;
      // The engine's class series come through as they are.
      assert.deepEqual(drawn.filter((m) => m.scope === 'class').map((m) => m.key), meta.filter((m) => m.scope === 'class').map((m) => m.key));
      const cols = drawn.map((m, j) => [m, j]).filter(([m]) => m.key.startsWith('agg/class/') && m.metric === 'goodput').map(([, j]) => j);
      for (let r = 0; r < frame.times.length; r++) {
        const t = frame.times[r];
        // A series sampled twice at one instant (the run's last, t = duration) counts by its
        // latest sample there, as the encoder takes the state at the instant.
        const at = new Map();
        for (let i = 0; i + 2 < points.length; i += 3) {
          const m = meta[points[i]];
          if (points[i + 1] === t && m.scope === 'flow' && m.metric === 'goodput' && !m.owner.includes('@p') && !engineClasses.has(classOf.get(m.owner))) at.set(points[i], points[i + 2]);
        }
        const total = [...at.values()].reduce((a, b) => a + b, 0);
        const sum = cols.reduce((s, j) => s + (Number.isNaN(frame.values[r * frame.width + j]) ? 0 : frame.values[r * frame.width + j]), 0);
        assert.ok(Math.abs(sum - total) <= 1e-3 * Math.max(1, total), `t=${t}: classes ${sum} vs total ${total}`);
        checked++;
      }
    });
    assert.ok(checked > 100, `${checked} instants checked`);
  });
});
