// The engine's wasm, fetched and compiled on the page as soon as the page's script starts
// (issue 31 part 5, first load over a slow shared link). Before, the download began only after
// the page's scripts had run, the worker had been created and its own script fetched: the
// largest file of the first load started last. Now index.html preloads it (a
// <link rel=preload as=fetch> that vite.config.ts's wasm-preload plugin writes, so the download
// starts with the scripts'), this fetch picks that response up, `compileStreaming` compiles
// while the bytes arrive, and the compiled module is handed to each simulation worker
// (sim/pipeline.ts; a WebAssembly.Module is structured-cloneable) and to the page's own engine
// (lib/engine.ts). Each compiles nothing and fetches nothing of its own.
import wasmUrl from '../../../sim-wasm/pkg/netlab_wasm_bg.wasm?url';

let compiled: Promise<WebAssembly.Module> | null = null;

async function compile(): Promise<WebAssembly.Module> {
  const response = fetch(wasmUrl);
  try {
    return await WebAssembly.compileStreaming(response);
  } catch {
    // A server that does not say application/wasm (an old static host) fails streaming
    // compilation: fetch the bytes again and compile them. A network failure fails here too.
    const r = await fetch(wasmUrl);
    if (!r.ok) throw new Error(`could not load the engine ${wasmUrl} (HTTP ${r.status})`);
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

/**
 * Hands the engine's module to a new worker as its first message (`{ type: 'module' }`, read by
 * worker/engineStart.ts), or null when the page could not get it (the worker fetches it then).
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
  compiled ??= compile();
  compiled.catch(() => {
    compiled = null; // a later call (after the network returns) tries again
  });
  return compiled;
}
