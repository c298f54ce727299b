// The wasm build, run in Node: same results as the native CLI, and clear errors on bad input.
// Needs sim-wasm/pkg (node scripts/build-wasm.mjs); builds the native CLI itself.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../scripts/lib.mjs';
import {
  Simulation,
  __wbg_reset_state,
  apply_knobs,
  debug_panic_for_tests,
  describe_preset,
  engine_version,
  initSync,
  last_panic_message,
  validate_scenario,
} from '../sim-wasm/pkg/netlab_wasm.js';

initSync({ module: readFileSync(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm_bg.wasm')) });

const CLI = join(ROOT, 'target', 'release', process.platform === 'win32' ? 'netlab.exe' : 'netlab');
/** Every preset (its quick variant when it has one): each run takes well under a second. */
const DETERMINISM_PRESETS = readdirSync(join(ROOT, 'public', 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
const SEED = 1;

const presetText = (name) => readFileSync(join(ROOT, 'public', 'scenarios', `${name}.json`), 'utf8');

/** The preset's scenario JSON as the UI would run it: default knobs, variant quick if declared. */
function scenarioOf(name) {
  const text = presetText(name);
  const desc = JSON.parse(describe_preset(text));
  const variant = desc.variants.includes('quick') ? 'quick' : null;
  return { desc, variant, scenario: apply_knobs(text, '{}', variant) };
}

function wasmSummary(scenario, seed) {
  const sim = new Simulation(scenario, seed);
  try {
    sim.run_to_end();
    assert.ok(sim.finished(), 'finished() after run_to_end()');
    return JSON.parse(sim.summary_json(0));
  } finally {
    sim.free();
  }
}

function nativeSummary(target, seed) {
  const r = spawnSync(CLI, ['run', target, '--seed', String(seed), '--json'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, `netlab run ${target} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function withoutWall(summary) {
  const { wall_s, peak_rss_bytes, ...rest } = summary;
  assert.equal(typeof wall_s, 'number', 'summary.wall_s is a number');
  void peak_rss_bytes; // a native-only measurement, like wall_s
  return rest;
}

let tmp;
before(() => {
  // Always (re)build: a stale CLI would make the comparison meaningless. No-op when fresh.
  execFileSync('cargo', ['build', '--release', '-p', 'netlab-core', '--bin', 'netlab'], { cwd: ROOT, stdio: 'inherit' });
  tmp = mkdtempSync(join(tmpdir(), 'netlab-'));
});
after(() => tmp && rmSync(tmp, { recursive: true, force: true }));

describe('determinism: wasm equals native', () => {
  for (const name of DETERMINISM_PRESETS) {
    test(`${name}, seed ${SEED}`, () => {
      const { variant, scenario } = scenarioOf(name);
      const wasm = wasmSummary(scenario, SEED);
      assert.equal(typeof wasm.digest, 'string', 'summary has a digest');
      assert.equal(wasm.seed, SEED);
      assert.equal(wasm.engine_version, engine_version());

      // The CLI runs the very scenario the wasm ran (variant applied), from a file.
      const file = join(tmp, `${name}.json`);
      writeFileSync(file, scenario);
      const native = nativeSummary(file, SEED);
      assert.equal(native.digest, wasm.digest, `digest of ${name} differs between wasm and native`);
      assert.deepEqual(withoutWall(native), withoutWall(wasm));

      if (variant === null) {
        // Without a variant, running the preset by name must give the same result.
        assert.deepEqual(withoutWall(nativeSummary(name, SEED)), withoutWall(wasm));
      }
    });
  }

  test('a graph topology (routes, MPTCP subflows on disjoint routes, generated traffic): wasm equals native', () => {
    // Two link-disjoint routes from h1 to h2: through r1 ─ r2, or through r3.
    const link = (from, to, rate_mbps, delay_ms, extra = {}) => ({ from, to, rate_mbps, delay_ms, ...extra });
    const scenario = JSON.stringify({
      name: 'graph',
      duration_s: 2,
      topology: {
        kind: 'graph',
        nodes: [['h1', 'host'], ['h2', 'host'], ['r1', 'router'], ['r2', 'router'], ['r3', 'router']].map(([name, kind]) => ({ name, kind })),
        links: [
          link('h1', 'r1', 100, 1),
          link('r1', 'r2', 10, 5, { buffer: { packets: 30 }, loss: 0.001 }),
          link('r2', 'h2', 100, 1),
          link('h1', 'r3', 20, 4, { name: 'alt-in' }),
          link('r3', 'h2', 8, 4, { name: 'alt-out', reverse: { delay_ms: 6 } }),
        ],
      },
      flows: [
        { from: 'h1', to: 'h2', cc: 'cubic' },
        { from: 'h2', to: 'h1', cc: 'reno', route: ['h2', 'r3', 'h1'] },
        { kind: 'mptcp', cc: 'lia', from: 'h1', to: 'h2', size_bytes: 300000 },
      ],
      traffic: { from: 'h1', to: 'h2', arrival_rate: 10, size: { kind: 'fixed', bytes: 20000 }, background_per_path: 1 },
    });
    const wasm = wasmSummary(scenario, SEED);
    const file = join(tmp, 'graph.json');
    writeFileSync(file, scenario);
    const native = nativeSummary(file, SEED);
    assert.equal(native.digest, wasm.digest, 'digest of the graph scenario differs between wasm and native');
    assert.deepEqual(withoutWall(native), withoutWall(wasm));
    assert.deepEqual(
      wasm.links.map((l) => l.id),
      ['r1-r2', 'alt-out', 'alt-out-rev'],
      'the slowest link of each route (the h2 → h1 flow crosses alt-out backwards) is reported',
    );
  });

  test('advancing in slices gives the same result as run_to_end', () => {
    const { scenario } = scenarioOf('tcp-single');
    const whole = wasmSummary(scenario, SEED);
    const sim = new Simulation(scenario, SEED);
    let points = 0;
    let slices = 0;
    try {
      const step = sim.duration_s() / 37;
      while (!sim.advance(step)) {
        slices++;
        assert.ok(slices < 10_000, 'advance() never reported the end');
        const p = sim.take_points();
        assert.ok(p instanceof Float64Array);
        assert.equal(p.length % 3, 0, 'take_points() returns triples');
        const meta = JSON.parse(sim.series_meta_json());
        for (let i = 0; i < p.length; i += 3) assert.ok(p[i] < meta.length, `series index ${p[i]} is described`);
        points += p.length / 3;
        // What the worker takes each tick (a bounded, packed snapshot) must not disturb the run.
        const snap = sim.snapshot_packed(64, false);
        assert.ok(snap.take_f64() instanceof Float64Array);
        snap.free();
        JSON.parse(sim.snapshot_bounded_json(64));
      }
      assert.ok(points > 0, 'the run recorded series points');
      assert.ok(sim.finished());
      assert.ok(Math.abs(sim.now_s() - sim.duration_s()) < 1e-6, 'now_s() = duration_s() at the end');
      assert.equal(JSON.parse(sim.summary_json(0)).digest, whole.digest);
    } finally {
      sim.free();
    }
  });

  test('slices bounded by an event count (the page worker) give the same result', () => {
    const { scenario } = scenarioOf('tcp-dumbbell');
    const whole = wasmSummary(scenario, SEED);
    const sim = new Simulation(scenario, SEED);
    try {
      let calls = 0;
      let last = 0;
      // Small bounds stop between events that share a timestamp; nothing may change for it.
      while (!sim.advance_until(sim.now_s() + 0.05, 997)) {
        calls++;
        assert.ok(sim.events() - last <= 997, 'at most max_events events per call');
        last = sim.events();
        assert.ok(calls < 1_000_000, 'advance_until() never reported the end');
      }
      assert.ok(calls > 10, 'the bound split the run');
      assert.equal(JSON.parse(sim.summary_json(0)).digest, whole.digest);
    } finally {
      sim.free();
    }
  });

  test('a panic traps the instance; the reset function starts a fresh one that runs again', () => {
    const { scenario } = scenarioOf('tcp-single');
    const want = wasmSummary(scenario, SEED).digest;
    const sim = new Simulation(scenario, SEED);
    sim.advance(0.5);
    assert.throws(() => debug_panic_for_tests(), WebAssembly.RuntimeError);
    // The panic hook recorded what failed before the trap.
    assert.match(last_panic_message() ?? '', /debug_panic_for_tests/);
    __wbg_reset_state();
    assert.equal(last_panic_message(), undefined);
    // Objects of the dropped instance refuse every call instead of corrupting the new one.
    assert.throws(() => sim.now_s(), /stale/);
    assert.equal(wasmSummary(scenario, SEED).digest, want);
  });

  test('tracing a flow (the sequence diagram) changes no result and refuses a flow the run lacks', () => {
    const { scenario } = scenarioOf('tcp-dumbbell');
    const want = wasmSummary(scenario, SEED).digest;
    const sim = new Simulation(scenario, SEED);
    try {
      assert.equal(sim.trace_json(0, 1, 10), 'null', 'nothing traced by default');
      assert.throws(() => sim.trace_flow(99), /no flow 99/);
      assert.throws(() => sim.trace_flow(0.5), /flow index/);
      sim.trace_flow(1);
      sim.advance(1);
      const w = JSON.parse(sim.trace_json(0.5, 1, 100));
      assert.equal(w.flow, 1);
      assert.ok(w.records.length > 0 && w.records.length <= 100 + w.records.filter((r) => r.retx || r.drop).length);
      assert.ok(w.records.some((r) => r.kind === 'data') && w.records.some((r) => r.kind === 'ack'));
      assert.ok(w.records.every((r) => r.sent_s <= 1 && (r.end_s === null || r.end_s >= 0.5)), 'records overlap the window');
      sim.run_to_end();
      assert.equal(JSON.parse(sim.summary_json(0)).digest, want);
    } finally {
      sim.free();
    }
  });

  test('the same seed twice gives the same digest', () => {
    const { scenario } = scenarioOf('tcp-dumbbell');
    assert.equal(wasmSummary(scenario, 7).digest, wasmSummary(scenario, 7).digest);
  });
});

describe('bad input', () => {
  const oneLine = (msg) => {
    assert.equal(typeof msg, 'string');
    assert.ok(msg.length > 0, 'message is not empty');
    assert.ok(!msg.includes('\n'), `message is one line: ${JSON.stringify(msg)}`);
  };

  test('malformed JSON throws an Error with a one-line message', () => {
    assert.throws(
      () => new Simulation('{bad json'),
      (e) => {
        assert.ok(e instanceof Error, `throws an Error, got ${Object.prototype.toString.call(e)}`);
        oneLine(e.message);
        return true;
      },
    );
    oneLine(validate_scenario('{bad json'));
  });

  test('an unknown field is named in the message', () => {
    const scenario = JSON.parse(scenarioOf('tcp-single').scenario);
    scenario.bogus_field = 1;
    const text = JSON.stringify(scenario);
    assert.throws(
      () => new Simulation(text, SEED),
      (e) => {
        assert.ok(e instanceof Error);
        oneLine(e.message);
        assert.match(e.message, /bogus_field/);
        return true;
      },
    );
    assert.match(validate_scenario(text), /bogus_field/);
  });

  test('a bad follow request names its field; a good one follows', () => {
    const sim = new Simulation(scenarioOf('tcp-dumbbell').scenario, SEED);
    try {
      sim.advance(0.5);
      assert.throws(() => sim.follow_json('{"flow": 0, "seq": "x", "at_s": 0.1}'), /^Error: follow: seq: invalid type: string "x", expected u64$/);
      assert.throws(() => sim.follow_json('{"flow": 0, "seq": 1, "at_s": 0.1, "hop": 2}'), /^Error: follow: hop: unknown field `hop`/);
      assert.throws(() => sim.follow_json('{"flow": 0, "seq": 1}'), /^Error: follow: missing field `at_s`$/);
      assert.throws(() => sim.follow_json('{"flow": 0,'), /^Error: follow: malformed JSON: /);
      sim.follow_json('{"flow": 0, "seq": 1, "at_s": 0.1}');
      sim.follow_json(undefined);
    } finally {
      sim.free();
    }
  });

  test('a valid scenario validates to ""', () => {
    assert.equal(validate_scenario(scenarioOf('tcp-single').scenario), '');
  });

  const throwsNaming = (fn, ...names) =>
    assert.throws(fn, (e) => {
      assert.ok(e instanceof Error, `throws an Error, got ${Object.prototype.toString.call(e)}`);
      oneLine(e.message);
      for (const n of names) assert.ok(e.message.includes(n), `message names ${n}: ${JSON.stringify(e.message)}`);
      return true;
    });

  test('a bad knob value is named in the message', () => {
    const text = presetText('tcp-dumbbell');
    const { knobs } = JSON.parse(describe_preset(text));
    const buffer = knobs.find((k) => k.name === 'buffer_bdp');
    assert.ok(buffer, 'tcp-dumbbell declares the buffer_bdp knob');
    assert.equal(typeof buffer.min, 'number', 'buffer_bdp has a minimum');
    throwsNaming(() => apply_knobs(text, JSON.stringify({ buffer_bdp: -1 }), null), 'buffer_bdp');
    throwsNaming(() => apply_knobs(text, JSON.stringify({ buffer_bdp: buffer.max + 1 }), null), 'buffer_bdp');
    throwsNaming(() => apply_knobs(text, JSON.stringify({ buffer_bdp: 'lots' }), null), 'buffer_bdp');
    const cc = knobs.find((k) => k.name === 'cc');
    assert.ok(cc && cc.kind === 'enum', 'tcp-dumbbell declares the cc enum knob');
    throwsNaming(() => apply_knobs(text, JSON.stringify({ cc: 'no-such-cc' }), null), 'cc', 'no-such-cc');
    // A good value still works after the bad ones (no poisoned state in the module).
    const ok = JSON.parse(apply_knobs(text, JSON.stringify({ buffer_bdp: 2 }), null));
    assert.equal(ok.topology.bottleneck.buffer.bdp, 2);
  });

  test('an unknown variant and malformed settings are rejected with a message', () => {
    const text = presetText('tcp-dumbbell');
    throwsNaming(() => apply_knobs(text, '{}', 'no-such-variant'), 'no-such-variant');
    throwsNaming(() => apply_knobs(text, '[1, 2]', null), 'settings');
    throwsNaming(() => apply_knobs(text, '{nope', null), 'settings');
  });
});

describe('every preset in public/scenarios', () => {
  const names = readdirSync(join(ROOT, 'public', 'scenarios'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));

  test('there are presets, including the default tcp-dumbbell', () => {
    assert.ok(names.includes('tcp-dumbbell'), `presets: ${names.join(', ')}`);
  });

  for (const name of names) {
    test(`${name}: describes, applies under every variant, and builds a Simulation`, () => {
      const text = presetText(name);
      const desc = JSON.parse(describe_preset(text));
      assert.equal(desc.name, name, 'the preset name matches its file name');
      // A title is one English string or one per language ({en, zh, ja}); English is always there.
      const title = typeof desc.title === 'string' ? desc.title : desc.title.en;
      assert.ok(title.length > 0 && desc.description.length > 0, 'has a title and a description');
      assert.ok(desc.duration_s > 0);
      for (const k of desc.knobs) {
        assert.ok(['number', 'integer', 'enum'].includes(k.kind), `${k.name}: kind ${k.kind}`);
        assert.ok((typeof k.label === 'string' ? k.label : k.label.en).length > 0, `${k.name}: has a label`);
        if (k.kind === 'enum') assert.ok(k.options.includes(k.value), `${k.name}: value ${k.value} is an option`);
      }
      for (const variant of [null, ...desc.variants]) {
        const scenario = apply_knobs(text, '{}', variant);
        assert.equal(validate_scenario(scenario), '', `${name} / ${variant ?? 'full'} validates`);
        const sim = new Simulation(scenario, SEED);
        try {
          const meta = JSON.parse(sim.series_meta_json());
          assert.ok(meta.some((m) => m.scope === 'flow' && m.metric === 'cwnd'), 'has a cwnd series');
          const topo = JSON.parse(sim.topology_json());
          assert.ok(topo.flows.length + topo.generated_flows > 0, 'has flows, listed or generated by its traffic section');
        } finally {
          sim.free();
        }
      }
    });
  }
});

describe('registry and scenario schema', () => {
  // The page reads the checked-in copies in web/src/generated/ (kept equal to the Rust registries
  // by sim-wasm/core/tests/generated.rs; the wasm module carries no schema code): every choice
  // the editor offers from them must be one the wasm engine runs.
  const generated = (f) => JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'generated', f), 'utf8'));
  const registry = generated('registry.json');
  const dumbbell = (flow, bottleneck = {}) =>
    JSON.stringify({
      duration_s: 1,
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 10, ...bottleneck }, senders: [{ rtt_ms: 20 }] },
      flows: [flow],
    });

  test('every congestion controller and queue discipline the editor offers validates in the wasm engine', () => {
    assert.ok(registry.congestion_controllers.some((e) => e.name === 'cubic' && e.params.properties.beta.default === 0.7));
    for (const { name } of registry.congestion_controllers) {
      assert.equal(validate_scenario(dumbbell({ kind: 'tcp', cc: name })), '', `cc ${name}`);
    }
    for (const { name } of registry.queue_disciplines) {
      assert.equal(validate_scenario(dumbbell({ kind: 'tcp' }, { aqm: name })), '', `aqm ${name}`);
    }
    assert.match(validate_scenario(dumbbell({ kind: 'tcp', cc: 'vegas' })), /unknown congestion control 'vegas'/);
  });

  test('an unknown QUIC stream scheduler is refused, naming the valid ones', () => {
    const names = registry.quic_schedulers.map((e) => e.name);
    const bad = JSON.stringify({
      duration_s: 1,
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 10 }, senders: [{ rtt_ms: 20 }] },
      flows: [{ kind: 'quic', quic: { scheduler: 'fifo', streams: [{ source: { kind: 'bulk' } }] } }],
    });
    const msg = validate_scenario(bad);
    assert.match(msg, /^flows\[0\]\.quic\.scheduler: unknown stream scheduler 'fifo'/);
    for (const n of names) assert.ok(msg.includes(n), `${msg} names ${n}`);
  });
});
