import { describe, expect, it } from 'vitest';
import { type Json, errorInExtra, pruneEmpty } from './jsonPath';
import {
  BACKGROUND_CC_DEFAULT,
  CC_DEFAULT,
  CC_NAMES,
  CLASS_SUBFLOWS_DEFAULT,
  FIRST_PATHS,
  FIRST_PATH_DEFAULT,
  FLOW_SCHED_DEFAULT,
  MPTCP_DEFAULT_SCHEDULER,
  MPTCP_NUMBERS,
  QUIC_DEFAULT_SCHEDULER,
  QUIC_NUMBERS,
  SOURCE_KINDS,
  STREAM_DEFAULTS,
  TELEMETRY_JITTER_DEFAULT,
  TELEMETRY_MIXES,
  TELEMETRY_MIX_DEFAULT,
  TRAFFIC_CC_DEFAULT,
  CLASS_BOUNDS_KB_DEFAULT,
  ccParamInError,
  ccParamsFor,
  classRanges,
  flowForKind,
  formatKb,
  newStream,
  paramsForCc,
  setTriple,
  streamFieldsUsed,
} from './schema';

describe('algorithm parameter schema', () => {
  it('lists the parameters each controller accepts', () => {
    expect(ccParamsFor('cubic').map((p) => p.key)).toEqual(['c', 'beta', 'fast_convergence', 'initial_ssthresh']);
    expect(ccParamsFor('bbq').map((p) => p.key)).toEqual(['alpha_ms', 'beta', 'header_bytes', 'lt_bw', 'extra_acked']);
    // BBR-A's gains are the paper's formulas, not parameters: only the pacing header size and
    // the two switches of Linux's mechanisms (long-term estimator, ACK-aggregation allowance).
    expect(ccParamsFor('bbr-a').map((p) => p.key)).toEqual(['header_bytes', 'lt_bw', 'extra_acked']);
    expect(ccParamsFor('warp-drive')).toEqual([]);
    for (const cc of CC_NAMES) expect(ccParamsFor(cc).length, cc).toBeGreaterThan(0);
  });

  it('keeps only the parameters the new controller accepts', () => {
    expect(paramsForCc('bbr', { beta: 0.5, header_bytes: 60 })).toEqual({ header_bytes: 60 });
    expect(paramsForCc('bbq', { beta: 0.5, c: 1 })).toEqual({ beta: 0.5 });
    expect(paramsForCc('reno', { c: 1 })).toBeUndefined();
    expect(paramsForCc('reno', undefined)).toBeUndefined();
  });

  it('finds the parameter a controller error names', () => {
    const p = 'flows[0].cc_params';
    expect(ccParamInError('flows[0].cc_params: beta: must be in (0, 1)', p)).toBe('beta');
    expect(ccParamInError('flows[0].cc_params: header_bytes: invalid value: integer `-1`, expected u32', p)).toBe('header_bytes');
    // Unknown fields and a non-object are about the whole box.
    expect(ccParamInError('flows[0].cc_params: unknown field `x`, expected `c`', p)).toBeNull();
    expect(ccParamInError('flows[0].cc_params: invalid type: string "a", expected struct CubicParams', p)).toBeNull();
    expect(ccParamInError('flows[1].cc_params: beta: must be in (0, 1)', p)).toBeNull();
    expect(ccParamInError(null, p)).toBeNull();
  });
});

describe('defaults read from the engine scenario schema', () => {
  // The reader of scenario.schema.json: a change in how schemars writes it (a $ref, a oneOf)
  // must not turn a placeholder into "undefined" or NaN.
  it('names the engine defaults of every choice', () => {
    expect([CC_DEFAULT, TRAFFIC_CC_DEFAULT, BACKGROUND_CC_DEFAULT]).toEqual(['cubic', 'lia', 'reno']);
    expect([MPTCP_DEFAULT_SCHEDULER, FLOW_SCHED_DEFAULT, FIRST_PATH_DEFAULT, QUIC_DEFAULT_SCHEDULER]).toEqual(['minrtt', 'mptcp', 'random', 'rr']);
    expect(FIRST_PATHS.map((c) => c.label)).toEqual(["random — the host's default route", 'listed — first of the paths list', 'spread — copy k starts on path k mod n']);
    expect(SOURCE_KINDS).toEqual(['bulk', 'messages', 'telemetry']);
    expect(TELEMETRY_MIXES).toEqual(['ground_to_drone', 'drone_to_ground', 'both']);
    expect([TELEMETRY_MIX_DEFAULT, TELEMETRY_JITTER_DEFAULT]).toEqual(['ground_to_drone', 0.2]);
  });

  it('gives every numeric field its default, unit and help', () => {
    expect(STREAM_DEFAULTS).toEqual({ weight: 1, priority: 0, urgency: 3, incremental: false, count: 1 });
    expect([...CLASS_BOUNDS_KB_DEFAULT, ...CLASS_SUBFLOWS_DEFAULT]).toEqual([100, 300, 800, 1, 2, 3]);
    expect(QUIC_NUMBERS.map((p) => [p.key, p.def ?? p.none])).toEqual([
      ['max_udp_payload', 1252],
      ['max_stream_data', 512 * 1024],
      ['max_data', 768 * 1024],
      ['max_ack_delay_ms', 25],
      ['ack_eliciting_threshold', 2],
      ['initial_rtt_ms', 333],
      ['packet_threshold', 3],
      ['quantum_bytes', '1 packet'],
    ]);
    expect(MPTCP_NUMBERS.map((p) => [p.key, p.def ?? p.none, p.unit])).toEqual([
      ['subflows', 'all paths', undefined],
      ['recv_buffer_bytes', 6 * 1024 * 1024, 'bytes'],
      ['send_buffer_bytes', 4 * 1024 * 1024, 'bytes'],
    ]);
    for (const p of [...QUIC_NUMBERS, ...MPTCP_NUMBERS]) expect(p.help, p.key).toMatch(/\w/);
  });
});

describe('FSFS class bounds', () => {
  it('writes all three bounds, and removes the field when back at the defaults', () => {
    expect(setTriple(undefined, 1, 250, CLASS_BOUNDS_KB_DEFAULT)).toEqual([100, 250, 800]);
    expect(setTriple([100, 250, 800], 1, undefined, CLASS_BOUNDS_KB_DEFAULT)).toBeUndefined();
    expect(setTriple([50, 250, 800], 1, undefined, CLASS_BOUNDS_KB_DEFAULT)).toEqual([50, 300, 800]);
    // Text stays text, so the engine names the element.
    expect(setTriple(undefined, 2, 'x', CLASS_BOUNDS_KB_DEFAULT)).toEqual([100, 300, 'x']);
    // A malformed array starts over from the defaults.
    expect(setTriple([1], 0, 10, CLASS_BOUNDS_KB_DEFAULT)).toEqual([10, 300, 800]);
  });

  it('describes the classes in kB and MB', () => {
    expect(classRanges(undefined)).toBe('G0 ≤ 100 kB · G1 ≤ 300 kB · G2 ≤ 800 kB · G3 > 800 kB');
    expect(classRanges([50, 1500, 2000])).toBe('G0 ≤ 50 kB · G1 ≤ 1.5 MB · G2 ≤ 2 MB · G3 > 2 MB');
    expect(formatKb(0.5)).toBe('0.5 kB');
  });
});

describe('flows by kind', () => {
  it('gives a QUIC flow a streams block and drops what only another kind may have', () => {
    const q = flowForKind({ cc: 'reno', size_bytes: 1000, mptcp: { scheduler: 'rr' } }, 'quic') as Record<string, Json>;
    expect(q.kind).toBe('quic');
    expect(q.size_bytes).toBeUndefined();
    expect(q.mptcp).toBeUndefined();
    expect(q.quic).toEqual({ streams: [{ name: 's0', source: { kind: 'bulk' } }] });
    const t = flowForKind(q, 'tcp') as Record<string, Json>;
    expect(t.quic).toBeUndefined();
    expect(t.cc).toBe('reno');
  });

  it('names a new stream after the free position', () => {
    expect(newStream([{ name: 's1' }])).toEqual({ name: 's2', source: { kind: 'bulk' } });
    expect(newStream(undefined)).toEqual({ name: 's0', source: { kind: 'bulk' } });
  });

  it('knows which stream field each scheduler reads', () => {
    expect([...streamFieldsUsed('wfq')]).toEqual(['weight']);
    expect([...streamFieldsUsed('wfq-spread')]).toEqual(['weight']);
    expect([...streamFieldsUsed('rfc9218')].sort()).toEqual(['incremental', 'urgency']);
    expect(streamFieldsUsed('rr').size).toBe(0);
  });
});

describe('editor path helpers', () => {
  it('removes blocks left empty, innermost first', () => {
    const s = { flows: [{ cc: 'x', mptcp: { sched_params: {} } }] };
    expect(pruneEmpty(s, ['flows[0].mptcp.sched_params', 'flows[0].mptcp'])).toEqual({ flows: [{ cc: 'x' }] });
    expect(pruneEmpty({ a: { b: 1 } }, ['a'])).toEqual({ a: { b: 1 } });
  });

  it('gives the extra-fields box the errors about keys the form has no input for', () => {
    expect(errorInExtra('flows[0].cc_params', 'flows[0].cc_params', ['c'])).toBe(true);
    expect(errorInExtra('flows[0].cc_params.c', 'flows[0].cc_params', ['c'])).toBe(false);
    expect(errorInExtra('flows[0].size_kb', 'flows[0]', ['cc'])).toBe(true);
    expect(errorInExtra('flows[0].cc', 'flows[0]', ['cc'])).toBe(false);
    expect(errorInExtra('flows[01]', 'flows[0]', [])).toBe(false);
    expect(errorInExtra(null, 'flows[0]', [])).toBe(false);
  });
});
