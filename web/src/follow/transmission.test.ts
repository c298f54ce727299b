import { describe, expect, it } from 'vitest';
import type { Journey } from '../generated';
import { type FollowingSim, transmissionOf, withTransmission } from './transmission';

/** A fake simulation whose follower answers with transmission `n` once run to the request's time. */
function fake(n: number | null): FollowingSim & { calls: string[] } {
  const calls: string[] = [];
  let at = 0;
  return {
    calls,
    follow_json: (r) => void calls.push(`follow ${r}`),
    advance_to: (t) => {
      calls.push(`advance ${t}`);
      at = t;
      return false;
    },
    journey_json: () => JSON.stringify(n === null || at === 0 ? null : ({ transmission: n } as Partial<Journey>)),
    free: () => void calls.push('free'),
  };
}

describe('naming the transmission a picked packet is', () => {
  it('follows the packet on its link at the time on screen and reads which transmission it is', () => {
    const sim = fake(2);
    const req = { flow: 0, ack: false, seq: 20, path: null, link: 'bottleneck', wire_s: 0.2412, at_s: 0.25 };
    expect(transmissionOf(sim, req)).toBe(2);
    expect(sim.calls).toEqual([`follow ${JSON.stringify(req)}`, 'advance 0.25', 'free']);
    expect(transmissionOf(fake(null), req)).toBeNull();
  });
  it('names a retransmission (or a duplicate ACK) in the drop, and leaves the first at its default', () => {
    expect(withTransmission({ flow: 'f', ack: 20, at: 'bottleneck-rev' }, 3)).toEqual({ flow: 'f', ack: 20, at: 'bottleneck-rev', transmission: 3 });
    expect(withTransmission({ flow: 'f', seq: 20, at: 'bottleneck' }, 2)).toEqual({ flow: 'f', seq: 20, at: 'bottleneck', transmission: 2 });
    expect(withTransmission({ flow: 'f', seq: 20, transmission: 3 }, 1)).toEqual({ flow: 'f', seq: 20 });
    expect(withTransmission({ flow: 'f', seq: 20 }, null)).toEqual({ flow: 'f', seq: 20 });
  });
});
