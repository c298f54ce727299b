// The engine the page downloads is sim-wasm/pkg/netlab_wasm_bg.wasm.xz (scripts/build-wasm.mjs,
// issue 31 part 5), decoded by xz-decompress in lib/wasmModule.ts. These check that copy with the
// page's own decoder: it must decode to exactly the module the native-vs-wasm tests run
// (tests-node/wasm.test.mjs), or the page would run another engine than the one tested; a
// truncated download must fail, not hang or yield a shorter module.
// Needs sim-wasm/pkg (node scripts/build-wasm.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import xzDecompress from 'xz-decompress';
import { ROOT } from '../scripts/lib.mjs';

const { XzReadableStream } = xzDecompress; // a CommonJS module in Node
const PKG = join(ROOT, 'sim-wasm', 'pkg');
const wasm = readFileSync(join(PKG, 'netlab_wasm_bg.wasm'));
const xz = readFileSync(join(PKG, 'netlab_wasm_bg.wasm.xz'));

/** Decodes `bytes` as the page does: a stream arriving in `chunk`-byte pieces. */
async function decode(bytes, chunk = 16 * 1024) {
  let at = 0;
  const body = new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(new Uint8Array(bytes.subarray(at, at + chunk)));
      at += chunk;
    },
  });
  return Buffer.from(await new Response(new XzReadableStream(body)).arrayBuffer());
}

test('the xz copy decodes, as the page decodes it, to exactly the engine that is tested', async () => {
  const out = await decode(xz);
  assert.equal(out.length, wasm.length);
  assert.ok(out.equals(wasm), 'decoded bytes differ from sim-wasm/pkg/netlab_wasm_bg.wasm: rebuild with node scripts/build-wasm.mjs');
  assert.ok(WebAssembly.validate(out));
});

test('the xz copy is what saves the bytes: at least a fifth smaller than the module gzipped', async () => {
  const { gzipSync } = await import('node:zlib');
  const gz = gzipSync(wasm, { level: 9 }).length;
  assert.ok(xz.length < 0.8 * gz, `xz ${xz.length} B against gzip -9 ${gz} B`);
});

test('a download cut short fails to decode instead of giving a shorter module', async () => {
  await assert.rejects(decode(xz.subarray(0, Math.floor(xz.length / 2))));
});

test('a corrupted byte fails the check instead of giving another module', async () => {
  const bad = Buffer.from(xz);
  bad[Math.floor(bad.length / 2)] ^= 0x40;
  await assert.rejects(decode(bad));
});
