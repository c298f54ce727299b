// What every worker that owns a wasm engine does when the engine panics. A Rust panic in
// wasm is a trap (WebAssembly.RuntimeError); the instance is then poisoned — any later call
// fails with "attempted to take ownership of Rust value while it was borrowed" — so the
// worker must drop every object of it and start a fresh instance (wasm-bindgen's
// reset-state function, enabled in scripts/build-wasm.mjs).
import { __wbg_reset_state, last_panic_message } from '@netlab/wasm';

/** What an error says, in one line (the engine's messages name the field first). */
export function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? text;
}

/** Whether `e` is an engine panic (a wasm trap), as opposed to an ordinary error. */
export function crashed(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError;
}

/**
 * Starts a fresh engine instance after a panic and returns what the panic said. The caller
 * must already have forgotten every object of the old instance (never call them again, not
 * even `free()`).
 */
export function resetEngine(e: unknown): string {
  let detail: string | undefined;
  try {
    // Recorded by the engine's panic hook before the trap; the trapped instance can still
    // answer this (if not, the trap's own message has to do).
    detail = last_panic_message() ?? undefined;
  } catch {
    /* nothing recorded */
  }
  __wbg_reset_state();
  return detail ?? `${errorText(e)} (no panic message: the engine may have run out of memory)`;
}
