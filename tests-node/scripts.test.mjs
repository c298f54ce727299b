// The setup helpers: the wasm-bindgen pin is read from sim-wasm/Cargo.toml and installed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capture, pinnedWasmBindgen } from '../scripts/lib.mjs';

test('the wasm-bindgen pin is an exact version', () => {
  assert.match(pinnedWasmBindgen(), /^\d+\.\d+\.\d+$/);
});

test('the installed wasm-bindgen CLI matches the pin', () => {
  assert.equal(capture('wasm-bindgen', ['--version'])?.split(/\s+/)[1], pinnedWasmBindgen());
});
