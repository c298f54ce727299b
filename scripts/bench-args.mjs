// The command line of scripts/bench.mjs, parsed apart from the bench itself so a test can
// check it without building or running anything.
//
//   node scripts/bench.mjs [--repeat N] [--no-frames | --frames-only] [--against REF] [--no-wasm] [preset ...]

/** Presets measured when none are named: the fixed benchmark, the full-scale bbr-fairness
 *  experiment (200 s, 2 BBR flows), the full-scale mptcp-fsfs-load experiment (10 paths ×
 *  100 Mbit/s, 50 background flows, Poisson arrivals, 100 s) and its TCP twin (the same
 *  network and background flows without MPTCP: the per-event yardstick at its working set),
 *  and mptcp-shared-bottleneck (one MPTCP and one TCP flow: MPTCP's own per-event work at a
 *  working set that fits in cache). */
export const DEFAULT_PRESETS = ['bench-two-flows', 'bbr-fairness', 'mptcp-fsfs-load', 'tcp-twin:mptcp-fsfs-load', 'mptcp-shared-bottleneck'];

export class ArgError extends Error {}

/**
 * @param {string[]} argv the arguments after the script name
 * @returns {{repeats: number, noFrames: boolean, framesOnly: boolean, against: string | null,
 *            wasm: boolean, presets: string[]}}
 */
export function parseBenchArgs(argv) {
  const opts = { repeats: 3, noFrames: false, framesOnly: false, against: null, wasm: true, presets: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new ArgError(`${a} needs a value`);
      return v;
    };
    if (a === '--repeat') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new ArgError(`--repeat takes a whole number ≥ 1 (got ${argv[i]})`);
      opts.repeats = n;
    } else if (a === '--against') {
      opts.against = value();
    } else if (a === '--no-frames') {
      opts.noFrames = true;
    } else if (a === '--frames-only') {
      opts.framesOnly = true;
    } else if (a === '--no-wasm') {
      opts.wasm = false;
    } else if (a.startsWith('--')) {
      throw new ArgError(`unknown option ${a}`);
    } else {
      opts.presets.push(a);
    }
  }
  if (opts.noFrames && opts.framesOnly) throw new ArgError('--no-frames and --frames-only exclude each other');
  if (opts.framesOnly && opts.against) throw new ArgError('--against compares the engines; it does nothing with --frames-only');
  if (opts.presets.length === 0 && !opts.framesOnly) opts.presets = [...DEFAULT_PRESETS];
  if (opts.framesOnly) opts.presets = [];
  return opts;
}
