import { describe, expect, it } from 'vitest';
import { knobWords, metricWords, settingWords } from './labels';

const knobs = [
  { name: 'buffer_bdp', label: 'Bottleneck buffer', unit: 'BDP' },
  { name: 'cc', label: 'Congestion control' },
  { name: 'loss', label: 'Random loss', unit: 'probability' },
  { name: 'rtt_ms', label: "Second flow's RTT", unit: 'ms' },
];

describe('labels in words', () => {
  it('names a knob by its label and unit, never its field name', () => {
    expect(knobWords(knobs, 'buffer_bdp')).toBe('Bottleneck buffer (BDP)');
    expect(knobWords(knobs, 'cc')).toBe('Congestion control');
    expect(knobWords(knobs, 'loss')).toBe('Random loss');
    expect(knobWords(knobs, 'flow_sched')).toBe('flow sched');
  });

  it('names sweep metrics in words', () => {
    expect(metricWords('jain')).toBe("Jain's index");
    expect(metricWords('retransmission_rate')).toBe('Retransmitted / sent packets');
    expect(metricWords('priority_latency_ms')).toBe('Priority-stream latency, mean (ms)');
    expect(metricWords(null)).toBe('metric');
  });

  it('writes a setting as label = value with its unit', () => {
    expect(settingWords(knobs, 'cc', 'bbr')).toBe('Congestion control = bbr');
    expect(settingWords(knobs, 'rtt_ms', 50)).toBe("Second flow's RTT = 50 ms");
  });
});
