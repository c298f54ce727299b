// A scheduler decision as one sentence: the MPTCP packet scheduler's "path 2 — reason [terms]"
// (the ECF-3 decision list's wording, MptcpPanel) or the QUIC stream scheduler's pick. One
// component for the MPTCP panel's list and the inspector's latest decision (issue 30, item 6),
// so the two say the same thing the same way; long terms wrap inside their panel.
import type { DecisionEvent } from '../sim/flowEvents';
import { i18n } from '../i18n/i18n';

function term(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(5)));
}

export function DecisionSentence({ e }: { e: DecisionEvent }) {
  if (e.type === 'stream_pick') {
    return (
      <span className="decision-sentence">
        <strong>{i18n._({ id: 'decision.stream', message: 'stream {stream}', values: { stream: e.stream } })}</strong>
        {e.retransmission ? i18n._({ id: 'decision.retransmission', message: ' (retransmission)' }) : ''} — {e.reason}
      </span>
    );
  }
  const path = e.path;
  return (
    <span className="decision-sentence">
      <strong>{path === null ? i18n._({ id: 'decision.wait', message: 'wait' }) : i18n._({ id: 'decision.path', message: 'path {path}', values: { path } })}</strong> — {e.reason}
      {e.terms.length > 0 && (
        <span className="terms">
          {' '}
          [
          {e.terms.map((t, k) => (
            <span key={t.name} data-term={t.name} data-value={t.value}>
              {k > 0 ? ', ' : ''}
              {t.name} = {term(t.value)}
            </span>
          ))}
          ]
        </span>
      )}
    </span>
  );
}
