// Whether the loaded run has MPTCP or QUIC flows (series at load, the live state, or the
// summary): the lab mounts the MPTCP and QUIC panels only then, so their code (and the
// algorithm registry the QUIC panel compares schedulers from) loads only for such runs, after
// the first run is live (issue 31 part 5, first load over a shared classroom link).
import { useMemo } from 'react';
import { seriesStore } from '../sim/seriesStore';
import { firstSummary } from '../store/run';
import { useLab } from '../store/store';

/** The MPTCP connections that have series (their owners of `recv_buffer`), in engine order. */
export function mptcpConnections(): string[] {
  return seriesStore.select('flow', 'recv_buffer').map((s) => s.meta.owner);
}

/** Does the loaded run have MPTCP flows? (series at load, live state, or the summary) */
export function useHasMptcp(): boolean {
  const version = useLab((s) => s.seriesVersion);
  const live = useLab((s) => s.snapshot?.flows.some((f) => f.subflows !== undefined) ?? false);
  const done = useLab((s) => firstSummary(s)?.flows.some((f) => f.kind === 'mptcp') ?? false);
  const charted = useMemo(() => mptcpConnections().length > 0, [version]);
  return charted || live || done;
}

/** Does the loaded run have QUIC flows? (stream series, live state, or the summary) */
export function useHasQuic(): boolean {
  const version = useLab((s) => s.seriesVersion);
  const live = useLab((s) => s.snapshot?.flows.some((f) => f.streams !== undefined) ?? false);
  const done = useLab((s) => firstSummary(s)?.flows.some((f) => f.kind === 'quic') ?? false);
  const charted = useMemo(() => seriesStore.all().some((s) => s.meta.scope === 'stream'), [version]);
  return charted || live || done;
}
