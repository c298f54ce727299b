import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { debug_panic_for_tests, initSync } from '@netlab/wasm';
import type { FromWorker, ToWorker } from './protocol';
import { NEXT_MODES, type ModeName, canBecome } from './runMode';
import { RunSession } from './session';

// The worker's run session driven with the real engine (wasm in Node), as the page drives it:
// its mode after each control, the messages the page sees, and recovery from engine panics.

const DUMBBELL = readFileSync('public/scenarios/tcp-dumbbell.json', 'utf8');

function loadMsg(runId: number, opts: { play?: boolean; columns?: number; text?: string; speed?: 'max' | 1 } = {}): Extract<ToWorker, { type: 'load' }> {
  const columns = Array.from({ length: opts.columns ?? 1 }, (_, i) => ({ settings: {}, name: (opts.columns ?? 1) > 1 ? `column ${i}` : null }));
  return { type: 'load', runId, presetText: opts.text ?? DUMBBELL, variant: null, seed: 1, columns, play: opts.play ?? false, speed: opts.speed ?? 'max', snapshots: false };
}

/** A session and everything it posted. */
function start() {
  const sent: FromWorker[] = [];
  const session = new RunSession((msg) => sent.push(msg));
  sessions.push(session);
  const of = <T extends FromWorker['type']>(type: T) => sent.filter((m): m is Extract<FromWorker, { type: T }> => m.type === type);
  const lastTick = () => of('tick').at(-1)!;
  return { session, sent, of, lastTick };
}

const sessions: RunSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

/** Waits (polling) until `pred` holds. */
async function until(pred: () => boolean, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Every consecutive pair in a mode log is a transition the table allows. */
function expectLegal(log: readonly ModeName[]): void {
  for (let i = 1; i < log.length; i++) expect(canBecome(log[i - 1]!, log[i]!), `${log[i - 1]} → ${log[i]}`).toBe(true);
}

beforeAll(() => {
  initSync({ module: readFileSync('sim-wasm/pkg/netlab_wasm_bg.wasm') });
});

describe('the mode table', () => {
  it('only lets a run start something from standing still', () => {
    // A crash always settles first (crashed), so a rebuild never starts from a live run.
    expect(canBecome('paused', 'restoring')).toBe(false);
    expect(canBecome('playing', 'restoring')).toBe(false);
    // A seek pauses first; a load stands still until played.
    expect(canBecome('playing', 'seeking')).toBe(false);
    expect(canBecome('idle', 'playing')).toBe(false);
    // A panic while rebuilding gives the run up rather than looping.
    expect(canBecome('restoring', 'crashed')).toBe(false);
    expect(canBecome('restoring', 'idle')).toBe(true);
    // Every mode can be reached, and every mode settles somewhere.
    const targets = new Set(Object.values(NEXT_MODES).flat());
    expect([...targets].sort()).toEqual(Object.keys(NEXT_MODES).sort());
  });
});

describe('a run session', () => {
  it('loads paused, steps, plays, pauses and plays until a stop', async () => {
    const { session, of, lastTick } = start();
    expect(session.modeName).toBe('idle');
    // At real time, so a pause lands mid-run.
    session.load(loadMsg(1, { speed: 1 }));
    expect(session.modeName).toBe('paused');
    expect(of('loaded')).toHaveLength(1);
    expect(of('playing')).toHaveLength(0);

    session.step(0.25);
    expect(session.modeName).toBe('paused');
    expect(lastTick().now).toBeCloseTo(0.25, 9);

    session.play();
    expect(session.modeName).toBe('playing');
    expect(of('playing').at(-1)?.playing).toBe(true);
    await until(() => lastTick().now > 0.3);
    session.pause();
    expect(session.modeName).toBe('paused');
    expect(of('playing').at(-1)?.playing).toBe(false);
    const pausedAt = lastTick().now;

    // A step while playing pauses first.
    session.play(pausedAt + 0.5);
    await until(() => session.modeName !== 'playing');
    expect(session.modeName).toBe('paused');
    expect(lastTick().now).toBeCloseTo(pausedAt + 0.5, 9);
    expect(of('playing').at(-1)?.playing).toBe(false);
    expectLegal(session.modeLog);
  });

  it('seeks, lands paused, and ends finished; a finished run does not play', async () => {
    const { session, of, lastTick } = start();
    session.load(loadMsg(1));
    session.seek(2);
    await until(() => session.modeName !== 'seeking');
    expect(session.modeName).toBe('paused');
    expect(session.modeLog).toContain('seeking');
    expect(lastTick().now).toBeCloseTo(2, 9);
    expect(of('seeking').at(-1)?.target).toBeNull();

    session.seek(1e9);
    await until(() => session.modeName !== 'seeking');
    expect(session.modeName).toBe('finished');
    expect(of('finished')).toHaveLength(1);
    const played = of('playing').length;
    session.play();
    expect(session.modeName).toBe('finished');
    expect(of('playing')).toHaveLength(played);
    session.step(0.1);
    expect(session.modeName).toBe('finished');

    // Back from the end: re-run from 0 to the target.
    session.seek(1);
    expect(of('rewound')).toHaveLength(1);
    await until(() => session.modeName !== 'seeking');
    expect(session.modeName).toBe('paused');
    expect(lastTick().now).toBeCloseTo(1, 9);
    expectLegal(session.modeLog);
  });

  it('plays to the end and reports every column of a comparison', async () => {
    const { session, of } = start();
    // Without the preset's knobs (its Duration range starts above 2 s, leaving room for the warm-up) nor what names them.
    const short = JSON.stringify({ ...JSON.parse(DUMBBELL), duration_s: 2, warmup_s: 0, tour: undefined, worksheet: undefined, knobs: undefined, expect: undefined, sweep: undefined, variants: undefined });
    session.load(loadMsg(1, { play: true, columns: 2, text: short }));
    expect(of('error')).toEqual([]);
    expect(session.modeName).toBe('playing');
    await until(() => session.modeName !== 'playing');
    expect(session.modeName).toBe('finished');
    expect(of('finished').map((m) => m.column).sort()).toEqual([0, 1]);
    expectLegal(session.modeLog);
  });

  it('a control during a seek stops it: play takes over, the seek is announced as ended', async () => {
    const { session, of } = start();
    session.load(loadMsg(1));
    session.seek(25);
    if (session.modeName === 'seeking') {
      session.play();
      expect(session.modeName).toBe('playing');
      expect(of('seeking').at(-1)?.target).toBeNull();
      session.pause();
    }
    expect(session.modeName).toBe('paused');
    expectLegal(session.modeLog);
  });

  it('an engine panic rebuilds the run where the page shows it; a second one gives it up', async () => {
    const { session, of, lastTick } = start();
    session.load(loadMsg(1));
    session.seek(1.5);
    await until(() => session.modeName === 'paused');
    const ticks = of('tick').length;
    const before = session.modeLog.length;
    session.guard(() => debug_panic_for_tests());
    expect(of('error').at(-1)?.kind).toBe('engine');
    expect(session.modeLog.slice(before, before + 2)).toEqual(['crashed', 'restoring']);
    await until(() => session.modeName !== 'restoring');
    expect(session.modeName).toBe('paused');
    expect(of('tick').length).toBeGreaterThan(ticks);
    expect(lastTick().now).toBeCloseTo(1.5, 9);
    expectLegal(session.modeLog);
  });

  it('a panic while the run is rebuilt gives it up; a new load starts afresh', async () => {
    const { session, of } = start();
    // Long enough that rebuilding it to near its end takes many time slices.
    const long = JSON.stringify({ ...JSON.parse(DUMBBELL), duration_s: 120, tour: undefined });
    session.load(loadMsg(1, { text: long }));
    session.seek(115);
    await until(() => session.modeName === 'paused', 120000);
    session.guard(() => debug_panic_for_tests());
    expect(session.modeName).toBe('restoring');
    session.guard(() => debug_panic_for_tests());
    expect(session.modeName).toBe('idle');
    expect(of('error').at(-1)?.message).toContain('pick a preset to go on');
    expect(of('seeking').at(-1)?.target).toBeNull();
    // Nothing is left to play or seek.
    session.play();
    session.seek(1);
    expect(session.modeName).toBe('idle');
    session.load(loadMsg(2));
    expect(session.modeName).toBe('paused');
    expectLegal(session.modeLog);
  }, 150000);

  it('a bad load keeps the run on screen, paused, and names the column', async () => {
    const { session, of } = start();
    session.load(loadMsg(1, { play: true }));
    expect(session.modeName).toBe('playing');
    session.load({ ...loadMsg(2, { columns: 2 }), presetText: '{"name":' });
    expect(session.modeName).toBe('paused');
    const err = of('error').at(-1)!;
    expect(err.runId).toBe(2);
    expect(err.message).toMatch(/^column 0: /);
    expect(of('playing').at(-1)?.playing).toBe(false);
    session.play();
    expect(session.modeName).toBe('playing');
    session.pause();
  });

  it('a finished run that panics stays as shown (crashed) and is rebuilt by a seek', async () => {
    const { session, lastTick } = start();
    session.load(loadMsg(1));
    session.seek(1e9);
    await until(() => session.modeName === 'finished');
    session.guard(() => debug_panic_for_tests());
    expect(session.modeName).toBe('crashed');
    session.play();
    expect(session.modeName).toBe('crashed');
    session.seek(3);
    await until(() => session.modeName === 'paused');
    expect(lastTick().now).toBeCloseTo(3, 9);
    expectLegal(session.modeLog);
  });
});
