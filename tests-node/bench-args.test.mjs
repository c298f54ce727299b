// The bench's command line: `--against REF` and the other options parse as documented, and a
// mistake is an error rather than a preset name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PRESETS, ArgError, parseBenchArgs } from '../scripts/bench-args.mjs';

test('--against names the reference commit; presets follow in any order', () => {
  const o = parseBenchArgs(['mptcp-fsfs-load', '--against', 'main', '--repeat', '2', '--no-frames']);
  assert.equal(o.against, 'main');
  assert.equal(o.repeats, 2);
  assert.equal(o.noFrames, true);
  assert.equal(o.wasm, true);
  assert.deepEqual(o.presets, ['mptcp-fsfs-load']);
});

test('without presets the default set is measured, with three repeats and no reference', () => {
  const o = parseBenchArgs([]);
  assert.deepEqual(o.presets, DEFAULT_PRESETS);
  assert.equal(o.repeats, 3);
  assert.equal(o.against, null);
});

test('a missing value or an unknown option is an error, not a preset', () => {
  assert.throws(() => parseBenchArgs(['--against']), ArgError);
  assert.throws(() => parseBenchArgs(['--against', '--no-wasm']), ArgError);
  assert.throws(() => parseBenchArgs(['--repeat', '0']), ArgError);
  assert.throws(() => parseBenchArgs(['--agianst', 'main']), ArgError);
  assert.throws(() => parseBenchArgs(['--frames-only', '--against', 'main']), ArgError);
});
