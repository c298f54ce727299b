// The followed packet's panel (issue 32 §2): its journey drawn over time, one row per hop of the
// data packet and then of the ACK that covers it (a followed ACK: of that ACK alone), each stretch coloured by what happens there
// (wait in the queue, serialisation, propagation) with a "now" line at the time on screen; its
// events listed with their times (those still ahead greyed); a per-hop summary; and the step
// that goes to the packet's next event. Everything comes from the engine's journey
// (core sim/follow.rs through follow/store.ts); follow/journey.ts shapes it.
import { useLingui } from '@lingui/react';
import { scaleLinear } from 'd3-scale';
import { useMemo } from 'react';
import { useSize } from '../components/LineChart';
import type { Journey, JourneyHop } from '../generated';
import { lab } from '../sim/controller';
import { useLab } from '../store/store';
import { type LegKind, type PhaseKind, journeyEvents, legNumber, legsOf, phasesOf } from './journey';
import * as msg from './messages';
import { useFollow } from './store';

const ROW_H = 18;
const LABEL_W = 120;
const AXIS_H = 20;
const PHASE_COLORS: Record<PhaseKind, string> = { queue: '#E69F00', serialise: '#0072B2', propagate: '#56B4E9' };

/** A duration or a time in milliseconds, to the microsecond. */
export function fmtMs(s: number): string {
  return `${(s * 1e3).toFixed(3)} ms`;
}

function hopText(h: JourneyHop): string {
  const d = (a: number | null, b: number | null) => (a !== null && b !== null ? fmtMs(b - a) : '–');
  return msg.hopSummary(h.link, d(h.queued_s, h.tx_s ?? h.lost_s), d(h.tx_s, h.wire_s), d(h.wire_s, h.arrive_s));
}

export function FollowPanel() {
  useLingui();
  const request = useFollow((s) => s.request);
  const followRun = useFollow((s) => s.runId);
  const journey = useFollow((s) => s.journey);
  const error = useFollow((s) => s.error);
  const runId = useLab((s) => s.runId);
  const now = useLab((s) => s.simTime);
  if (followRun !== runId) return null;
  if (error !== null && request === null)
    return (
      <section className="panel follow" data-testid="follow-panel" data-error="true">
        <p role="alert">{msg.refused(error)}</p>
      </section>
    );
  if (request === null) return null;
  return (
    <section
      className="panel follow"
      data-testid="follow-panel"
      data-transmission={journey?.transmission ?? ''}
      data-complete={journey?.complete ?? false}
      data-ack={journey?.ack?.number ?? ''}
      data-is-ack={request.ack}
      data-seq={request.seq}
      data-now={now}
      aria-label={journey ? title(journey) : request.ack ? msg.followAck() : msg.followThis()}
    >
      <h2>{journey ? title(journey) : msg.waitingForSend()}</h2>
      <p className="follow-controls">
        <button type="button" data-testid="follow-next" onClick={() => lab.followStep()} disabled={journey?.complete === true && now >= lastTime(journey)}>
          {msg.nextEvent()}
        </button>{' '}
        <button type="button" data-testid="follow-stop" onClick={() => lab.follow(null)}>
          {msg.stopFollowing()}
        </button>
      </p>
      {journey && <JourneyView journey={journey} now={now} />}
    </section>
  );
}

/** The panel's title: the packet (or the ACK) and which transmission of its number it is. */
function title(j: Journey): string {
  return j.is_ack ? msg.followingAck(j.flow_id, j.data.number, j.transmission, j.transmissions) : msg.following(j.flow_id, j.data.number, j.transmission, j.transmissions);
}

/** The last known event's time. */
function lastTime(j: Journey): number {
  const ev = journeyEvents(j);
  return ev.length > 0 ? ev[ev.length - 1]!.t : 0;
}

function JourneyView({ journey, now }: { journey: Journey; now: number }) {
  const events = useMemo(() => journeyEvents(journey), [journey]);
  const phases = useMemo(() => phasesOf(journey), [journey]);
  const [ref, size] = useSize<HTMLDivElement>();
  const legs = legsOf(journey);
  const rows = legs.flatMap(([leg, l]) => l.hops.map((h) => ({ leg, link: h.link })));
  const rowOf = (leg: LegKind, link: string) => rows.findIndex((r) => r.leg === leg && r.link === link);
  const t0 = events[0]?.t ?? now;
  const t1 = Math.max(events[events.length - 1]?.t ?? now, now, t0 + 1e-6);
  const width = Math.max(320, size.width || 640);
  const x = scaleLinear().domain([t0, t1]).range([LABEL_W, width - 10]);
  const height = AXIS_H + rows.length * ROW_H + 4;
  const lost = legs.flatMap(([leg, l]) => l.hops.map((hop) => ({ leg, hop }))).find((x) => x.hop.lost !== null);
  const sent = journey.data.hops[0]?.queued_s;
  const acked = journey.ack?.delivered_s ?? null;
  return (
    <>
      <div ref={ref} className="follow-drawing">
        <svg width={width} height={height} role="img" aria-label={msg.drawingLabel()} data-testid="follow-drawing" data-rows={rows.length} data-phases={phases.length}>
          <text x={x(t0)} y={12} className="follow-axis">
            {fmtMs(t0)}
          </text>
          <text x={x(t1)} y={12} textAnchor="end" className="follow-axis">
            {fmtMs(t1)}
          </text>
          {rows.map((r, i) => (
            <text key={`${r.leg}/${r.link}`} x={LABEL_W - 6} y={AXIS_H + i * ROW_H + 12} textAnchor="end" className="follow-row-label">
              {r.leg === 'ack' ? `${msg.legName('ack', legNumber(journey, 'ack'))} · ${r.link}` : r.link}
            </text>
          ))}
          {phases.map((p, i) => {
            const row = rowOf(p.leg, p.link);
            return (
              <rect
                key={i}
                data-testid="follow-phase"
                data-kind={p.kind}
                data-leg={p.leg}
                data-link={p.link}
                x={x(p.from)}
                y={AXIS_H + row * ROW_H + 3}
                width={Math.max(1, x(p.to) - x(p.from))}
                height={ROW_H - 6}
                fill={PHASE_COLORS[p.kind]}
              >
                <title>{`${p.link}: ${msg.phaseName(p.kind)} ${fmtMs(p.to - p.from)} (${fmtMs(p.from)} – ${fmtMs(p.to)})`}</title>
              </rect>
            );
          })}
          {lost && lost.hop.lost_s !== null && (
            <path
              className="follow-lost"
              d={`M${x(lost.hop.lost_s) - 5},${AXIS_H + rowOf(lost.leg, lost.hop.link) * ROW_H + 4}l10,10m0,-10l-10,10`}
              stroke="#c0001a"
              strokeWidth={2}
            />
          )}
          <line x1={x(now)} x2={x(now)} y1={AXIS_H - 4} y2={height} stroke="currentColor" strokeDasharray="3 2" data-testid="follow-now" />
          <text x={x(now) + 3} y={AXIS_H - 6} className="follow-axis">
            {msg.now()}
          </text>
        </svg>
      </div>
      <p className="muted follow-legend">
        {(['queue', 'serialise', 'propagate'] as const).map((k) => (
          <span key={k}>
            <span className="swatch" style={{ borderColor: PHASE_COLORS[k], background: PHASE_COLORS[k] }} aria-hidden="true" /> {msg.phaseName(k)}{' '}
          </span>
        ))}
      </p>
      {sent !== undefined && acked !== null && <p data-testid="follow-round-trip">{msg.roundTrip(fmtMs(acked - sent))}</p>}
      <ul className="follow-hops">
        {legs.flatMap(([leg, l]) =>
          l.hops.map((h, i) => (
            <li key={`${leg}${i}`}>
              {leg === 'ack' && `${msg.legName('ack', l.number)} · `}
              {hopText(h)}
            </li>
          )),
        )}
      </ul>
      <ol className="follow-events" data-testid="follow-events">
        {events.map((e, i) => {
          const past = e.t <= now + 1e-12;
          const hop = e.what === 'lost' ? legs.flatMap(([, l]) => l.hops).find((h) => h.link === e.link && h.lost !== null) : undefined;
          return (
            <li key={i} data-testid="follow-event" data-what={e.what} data-leg={e.leg} data-t={e.t} data-past={past} className={past ? undefined : 'muted'}>
              {fmtMs(e.t)} — {msg.legName(e.leg, legNumber(journey, e.leg))}{' '}
              {journey.is_ack && e.what === 'delivered' ? msg.ackReachesSender() : msg.eventText(e.what, e.leg, e.link, hop?.lost ?? null)}
            </li>
          );
        })}
      </ol>
      {journey.complete ? <p className="muted">{msg.complete()}</p> : journey.ack === null && journey.data.delivered_s !== null ? <p className="muted">{msg.noAckYet()}</p> : null}
    </>
  );
}
