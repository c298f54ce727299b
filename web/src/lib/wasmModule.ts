// The engine's wasm, fetched and compiled on the page as soon as the page's script starts
// (issue 31 part 5, first load over a slow shared link). index.html preloads it (a
// <link rel=preload as=fetch> that vite.config.ts's wasm-preload plugin writes, so the download
// starts with the scripts'), this fetch picks that response up, and the compiled module is
// handed to each simulation worker (sim/pipeline.ts; a WebAssembly.Module is
// structured-cloneable) and to the page's own engine (lib/engine.ts). Each compiles nothing and
// fetches nothing of its own.
//
// What travels is the module compressed with xz (scripts/build-wasm.mjs): 353 kB where a
// server's gzip makes 476 kB, a quarter of the first load's bytes saved. xz-decompress (xz-embedded
// compiled to wasm, 9 kB) decodes it chunk by chunk as the bytes arrive, and compileStreaming
// compiles the decoded bytes as they come out of it, so decoding and compiling overlap the
// download as compiling alone did before.
import { XzReadableStream } from 'xz-decompress';
import engineXzUrl from '../../../sim-wasm/pkg/netlab_wasm_bg.wasm.xz?url';

let compiled: Promise<WebAssembly.Module> | null = null;

/** The decoded module as a response compileStreaming takes (it requires application/wasm). */
function decoded(body: ReadableStream<Uint8Array>): Response {
  return new Response(new XzReadableStream(body), { headers: { 'Content-Type': 'application/wasm' } });
}

/** Fetches, decodes and compiles the engine (also a worker's fallback: worker/engineStart.ts). */
export async function compileEngine(): Promise<WebAssembly.Module> {
  const response = await fetch(engineXzUrl);
  if (!response.ok || !response.body) throw new Error(`could not load the engine ${engineXzUrl} (HTTP ${response.status})`);
  return WebAssembly.compileStreaming(decoded(response.body));
}

/**
 * Hands the engine's module to a new worker as its first message (`{ type: 'module' }`, read by
 * worker/engineStart.ts), or null when the page could not get it (the worker tries itself then).
 */
export function withEngine(worker: Worker): Worker {
  wasmModule().then(
    (module) => worker.postMessage({ type: 'module', module }),
    () => worker.postMessage({ type: 'module', module: null }),
  );
  return worker;
}

/** The engine's compiled module (one fetch and one compilation per page). */
export function wasmModule(): Promise<WebAssembly.Module> {
  compiled ??= compileEngine();
  compiled.catch(() => {
    compiled = null; // a later call (after the network returns) tries again
  });
  return compiled;
}
