// One sequence-diagram trace record for unit tests: a first transmission of a full data
// segment, forward, delivered nowhere yet, with `over` changed.
import type { TraceRecord } from '../generated';

export const rec = (over: Partial<TraceRecord>): TraceRecord => ({
  sent_s: 0,
  end_s: null,
  kind: 'data',
  forward: true,
  seq: 0,
  len: 1448,
  retx: false,
  path: 0,
  dsn: null,
  sack_blocks: 0,
  ece: false,
  ce: false,
  drop: null,
  ...over,
});
