// Shareable links (`/#s=v1.…`) for scenarios that are not presets, made by the engine itself
// (sim-wasm/pkg, built by scripts/build-wasm.mjs), so tests can open any topology in the page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Wasm = {
  initSync(opts: { module: Uint8Array }): unknown;
  share_encode(scenario: string, seed: number, view: string): string;
  share_decode(link: string): string;
};

let wasm: Wasm | null = null;

async function engine(): Promise<Wasm> {
  if (wasm) return wasm;
  const pkg = (p: string) => fileURLToPath(new URL(`../sim-wasm/pkg/${p}`, import.meta.url));
  const mod = (await import(pkg('netlab_wasm.js'))) as Wasm;
  mod.initSync({ module: readFileSync(pkg('netlab_wasm_bg.wasm')) });
  wasm = mod;
  return mod;
}

/** The page path that opens `scenario` with `seed` (and the page's `view`, e.g. speed). */
export async function scenarioPath(scenario: object, seed: number, view: object = {}): Promise<string> {
  const link = (await engine()).share_encode(JSON.stringify(scenario), seed, JSON.stringify(view));
  return `/#s=${link}`;
}

/** The scenario a page address's shareable link (`#s=v1.…`) carries, decoded by the engine. */
export async function scenarioOf(url: string): Promise<Record<string, unknown>> {
  const body = new URL(url).hash.replace(/^#s=/, '');
  return (JSON.parse((await engine()).share_decode(body)) as { scenario: Record<string, unknown> }).scenario;
}

/** Two hosts joined by `rates.length` parallel paths, one CUBIC flow per path. */
export function parallelScenario(rates: number[], duration_s = 5): object {
  return {
    name: 'parallel-test',
    seed: 1,
    duration_s,
    topology: {
      kind: 'parallel',
      paths: rates.map((rate_mbps, i) => ({ rate_mbps, rtt_ms: 20 + 20 * i, buffer: { bdp: 1 } })),
    },
    flows: rates.map((_, i) => ({ id: `p${i + 1}`, cc: 'cubic', path: i })),
  };
}

/** A dumbbell with `n` flows (RTTs 10, 20, …) on a `rate` Mbit/s bottleneck. */
export function dumbbellScenario(n: number, rate = 100, duration_s = 10, bufferBdp = 1): object {
  return {
    name: `dumbbell-${n}`,
    seed: 1,
    duration_s,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate_mbps: rate, delay_ms: 2, buffer: { bdp: bufferBdp } },
      senders: Array.from({ length: n }, (_, i) => ({ rtt_ms: 10 * (i + 1) })),
    },
    flows: Array.from({ length: n }, (_, i) => ({ id: `f${i + 1}`, cc: 'cubic', path: i })),
  };
}
