// The inspector: the live state of whatever was clicked — a flow (cwnd, in flight, RTT, pacing
// rate and gain, controller state, its latest events and, for MPTCP and QUIC flows, the
// scheduler's latest decision with its reason), one of its subflows or streams, or a link
// (queue, drops, what crosses it). Values come from the newest snapshot; fields the engine adds
// later (subflows, streams, new event types) are shown generically.
import { formatBytes, formatInt, formatMbps, formatPercent, formatSeconds, rttSampled } from '../lib/format';
import { colorFor } from '../lib/palette';
import { lab } from '../sim/controller';
import { type DecisionEvent, flowEvents } from '../sim/flowEvents';
import { type EventContext, eventWords } from '../inspector/messages';
import type { Selection } from '../store/state';
import { InspectButton } from './InspectButton';
import { NOT_STARTED, outsideLifetime } from '../lib/lifetime';
import { DecisionSentence } from './DecisionSentence';
import { useLab } from '../store/store';
import type { EngineEvent, FlowSnapshot, Snapshot, Topology } from '../types';
import { firstSummary } from '../store/run';
import { useLingui } from '@lingui/react';
import { i18n } from '../i18n/i18n';
import { stateWords } from '../inspector/messages';

/** A subflow's or stream's field name in words (the engine's snapshot fields). */
function fieldWords(k: string): string {
  switch (k) {
    case 'path':
      return i18n._({ id: 'inspector.k.path', message: 'path' });
    case 'route':
      return i18n._({ id: 'inspector.k.route', message: 'route' });
    case 'cwnd':
      return 'cwnd';
    case 'inflight':
      return i18n._({ id: 'inspector.f.in-flight', message: 'in flight' });
    case 'srtt_ms':
      return 'sRTT (ms)';
    case 'bytes_share':
      return i18n._({ id: 'inspector.k.bytes-share', message: 'share of bytes' });
    case 'state':
      return i18n._({ id: 'inspector.f.controller-state', message: 'controller state' });
    case 'name':
      return i18n._({ id: 'inspector.k.name', message: 'name' });
    case 'queued_bytes':
      return i18n._({ id: 'inspector.k.queued-bytes', message: 'queued bytes' });
    case 'delivered_bytes':
      return i18n._({ id: 'inspector.k.delivered-bytes', message: 'delivered bytes' });
    case 'weight':
      return i18n._({ id: 'inspector.k.weight', message: 'weight' });
    case 'priority':
      return i18n._({ id: 'inspector.k.priority', message: 'priority' });
    case 'urgency':
      return i18n._({ id: 'inspector.k.urgency', message: 'urgency' });
    case 'incremental':
      return i18n._({ id: 'inspector.k.incremental', message: 'incremental' });
    case 'picks':
      return i18n._({ id: 'inspector.k.picks', message: 'picks' });
    case 'last_pick_reason':
      return i18n._({ id: 'inspector.k.last-pick-reason', message: 'last pick reason' });
    default:
      return k.replace(/_/g, ' ');
  }
}

interface FieldProps {
  name: string;
  label: string;
  value: unknown;
  text?: string;
}

function Field({ name, label, value, text }: FieldProps) {
  const raw = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <>
      <dt>{label}</dt>
      <dd data-field={name} data-value={raw}>
        {text ?? (raw === '' ? '–' : raw)}
      </dd>
    </>
  );
}

const pkts = (n: number) => i18n._({ id: 'inspector.pkts', message: '{n} pkts', values: { n: formatInt(n) } });
const num = (x: unknown, digits = 1) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '–');
const tOf = (e: EngineEvent) => formatSeconds(e.t_ns / 1e9);

/** The id a subflow or stream object is known by. */
export function subId(o: Record<string, unknown>, i: number): string {
  const v = o.id ?? o.subflow ?? o.stream ?? o.path;
  return v === undefined || v === null ? String(i) : String(v);
}

/** A generic object's fields (subflow, stream) as rows. */
function GenericFields({ obj }: { obj: Record<string, unknown> }) {
  return (
    <dl className="fields">
      {Object.entries(obj).map(([k, v]) => (
        <Field key={k} name={k} label={fieldWords(k)} value={v} text={typeof v === 'number' && !Number.isInteger(v) ? v.toPrecision(4) : undefined} />
      ))}
    </dl>
  );
}

function Decision({ e }: { e: DecisionEvent | null }) {
  if (!e) return null;
  return (
    <section className="decision" data-testid="inspector-decision" data-type={e.type} data-reason={e.reason ?? ''} data-t-ns={e.t_ns}>
      <h3>{i18n._({ id: 'inspector.decision', message: 'Latest scheduler decision' })}</h3>
      <p>
        <span className="muted">{tOf(e)}</span> <DecisionSentence e={e} />
      </p>
    </section>
  );
}

function SubTable({ flow, kind, list }: { flow: string; kind: 'subflow' | 'stream'; list: Record<string, unknown>[] }) {
  if (list.length === 0) return null;
  const keys = [...new Set(list.flatMap((o) => Object.keys(o)))].filter((k) => k !== 'id').slice(0, 8);
  return (
    <table className="sub-table" data-testid={`inspector-${kind}s`}>
      <caption>{kind === 'subflow' ? i18n._({ id: 'inspector.subflows', message: 'Subflows' }) : i18n._({ id: 'inspector.streams', message: 'Streams' })}</caption>
      <thead>
        <tr>
          <th scope="col">{kind === 'subflow' ? i18n._({ id: 'inspector.subflow', message: 'subflow' }) : i18n._({ id: 'inspector.stream', message: 'stream' })}</th>
          {keys.map((k) => (
            <th key={k} scope="col" data-key={k}>
              {fieldWords(k)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {list.map((o, i) => {
          const id = subId(o, i);
          return (
            <tr key={id} data-row={id}>
              <th scope="row">
                <InspectButton selection={{ kind, flow, id }}>{id}</InspectButton>
              </th>
              {keys.map((k) => {
                const v = o[k];
                return <td key={k}>{typeof v === 'number' ? (Number.isInteger(v) ? formatInt(v) : v.toPrecision(4)) : v === undefined ? '' : String(v)}</td>;
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Names for an event's indices: the topology's flows and links (generated flows are not listed: the inspected one is `own`). */
function eventContext(topology: Topology | null, own: string): EventContext {
  return {
    flowId: (i) => topology?.flows[i]?.id ?? own,
    link: (i) => topology?.links[i],
  };
}

function FlowView({ id, snap, topology }: { id: string; snap: Snapshot | null; topology: Topology | null }) {
  const summary = useLab(firstSummary);
  const index = topology?.flows.findIndex((f) => f.id === id) ?? -1;
  const info = index >= 0 ? topology?.flows[index] : undefined;
  const f: FlowSnapshot | undefined = snap?.flows.find((x, i) => (x.id !== '' ? x.id === id : i === index));
  const events = index >= 0 ? flowEvents.latestFor(index) : [];
  const done = summary?.flows.find((x) => x.id === id);
  const srtt = f !== undefined && rttSampled(f.srtt_ms) ? f.srtt_ms : null;
  return (
    <>
      <h2>
        <span className="dot" style={{ background: colorFor(Math.max(0, index)) }} aria-hidden="true" /> {i18n._({ id: 'inspector.flow', message: 'Flow {id}', values: { id } })}{' '}
        <span className="muted">
          {info
            ? info.subflow_paths
              ? i18n._({ id: 'inspector.flow-subflows', message: '{cc}, {n} subflows, each on its own path (below)', values: { cc: info.cc, n: info.subflow_paths.length } })
              : i18n._({ id: 'inspector.flow-via', message: '{cc}, via {path}', values: { cc: info.cc, path: info.path.join(' → ') } })
            : ''}
        </span>
      </h2>
      {!f ? (
        <p className="muted">{i18n._({ id: 'inspector.no-state', message: 'No live state yet (press Play or Step).' })}</p>
      ) : outsideLifetime(f.state) ? (
        // Outside its lifetime a flow has no window, RTT or controller state (issue 30, item 4).
        <dl className="fields">
          <Field
            name="state"
            label="state"
            value={f.state}
            text={
              f.state === NOT_STARTED
                ? i18n._({ id: 'inspector.not-started', message: 'not started yet: no window, RTT or controller state' })
                : i18n._({ id: 'inspector.done', message: 'done: the receiver holds every byte' })
            }
          />
          {done && <Field name="goodput_mbps" label={i18n._({ id: 'inspector.f.goodput-run', message: 'goodput (run)' })} value={done.goodput_mbps} text={`${formatMbps(done.goodput_mbps)} Mbit/s`} />}
        </dl>
      ) : (
        <dl className="fields">
          <Field name="cwnd" label="cwnd" value={f.cwnd} text={pkts(f.cwnd)} />
          <Field name="inflight" label={i18n._({ id: 'inspector.f.in-flight', message: 'in flight' })} value={f.inflight} text={pkts(f.inflight)} />
          <Field name="srtt_ms" label={i18n._({ id: 'inspector.f.smoothed-rtt', message: 'smoothed RTT' })} value={srtt} text={srtt === null ? i18n._({ id: 'inspector.no-sample', message: 'no sample yet' }) : `${num(srtt, 2)} ms`} />
          <Field name="base_rtt_ms" label={i18n._({ id: 'inspector.f.base-rtt', message: 'base RTT' })} value={info?.base_rtt_ms} text={`${num(info?.base_rtt_ms, 1)} ms`} />
          <Field name="pacing_rate_mbps" label={i18n._({ id: 'inspector.f.pacing-rate', message: 'pacing rate' })} value={f.pacing_rate_mbps} text={f.pacing_rate_mbps === null ? i18n._({ id: 'inspector.not-paced', message: 'not paced' }) : `${formatMbps(f.pacing_rate_mbps)} Mbit/s`} />
          <Field name="pacing_gain" label={i18n._({ id: 'inspector.f.pacing-gain', message: 'pacing gain' })} value={f.pacing_gain} text={f.pacing_gain === null ? '–' : num(f.pacing_gain, 3)} />
          {f.subflows ? (
            // An MPTCP connection has no controller of its own: each subflow runs one (below).
            <Field name="state" label={i18n._({ id: 'inspector.f.controller-state', message: 'controller state' })} value={f.state} text={i18n._({ id: 'inspector.per-subflow', message: 'one per subflow (below)' })} />
          ) : (
            <Field name="state" label={i18n._({ id: 'inspector.f.controller-state', message: 'controller state' })} value={f.state} text={stateWords(f.state)} />
          )}
          {done && <Field name="goodput_mbps" label={i18n._({ id: 'inspector.f.goodput-run', message: 'goodput (run)' })} value={done.goodput_mbps} text={`${formatMbps(done.goodput_mbps)} Mbit/s`} />}
        </dl>
      )}
      <Decision e={index >= 0 ? flowEvents.decision(index) : null} />
      {f?.subflows && (
        <SubTable
          flow={id}
          kind="subflow"
          list={f.subflows.map(({ path, state, ...rest }) => ({
            path,
            route: info?.subflow_paths?.[path - 1]?.join(' → ') ?? '',
            state: stateWords(state),
            ...rest,
          }))}
        />
      )}
      {f?.streams && <SubTable flow={id} kind="stream" list={f.streams} />}
      {events.length > 0 && (
        <section className="latest-events">
          <h3>{i18n._({ id: 'inspector.latest-events', message: 'Latest events' })}</h3>
          <ul data-testid="inspector-events">
            {events.slice(0, 8).map((e) => (
              <li key={e.type} data-type={e.type}>
                <span className="muted">{tOf(e)}</span> {eventWords(e, eventContext(topology, id))}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function LinkView({ id, snap, topology }: { id: string; snap: Snapshot | null; topology: Topology | null }) {
  const summary = useLab(firstSummary);
  const link = topology?.links.find((l) => l.id === id);
  const live = snap?.links.find((l) => l.id === id);
  const crossing = topology?.flows.filter((f) => f.path.includes(id)) ?? [];
  const onWire = snap?.packets?.filter((p) => p.link === id).length ?? 0;
  const done = summary?.links.find((l) => l.id === id);
  if (!link) return <p className="muted">{i18n._({ id: 'inspector.link-missing', message: 'Link {id} is not in this topology.', values: { id } })}</p>;
  return (
    <>
      <h2>
        {i18n._({ id: 'inspector.link', message: 'Link {id}', values: { id } })} <span className="muted">{`${link.from} → ${link.to}`}</span>
      </h2>
      <dl className="fields">
        <Field name="rate_mbps" label={i18n._({ id: 'inspector.f.rate', message: 'rate' })} value={link.rate_mbps} text={`${formatMbps(link.rate_mbps)} Mbit/s`} />
        <Field name="delay_ms" label={i18n._({ id: 'inspector.f.one-way-delay', message: 'one-way delay' })} value={link.delay_ms} text={`${num(link.delay_ms, 2)} ms`} />
        <Field name="buffer_bytes" label={i18n._({ id: 'inspector.f.buffer', message: 'buffer' })} value={link.buffer_bytes} text={link.buffer_bytes === null ? i18n._({ id: 'inspector.unlimited', message: 'unlimited' }) : formatBytes(link.buffer_bytes)} />
        <Field name="loss" label={i18n._({ id: 'inspector.f.random-loss', message: 'random loss' })} value={link.loss} text={formatPercent(link.loss)} />
        {live ? (
          <>
            <Field name="queue_bytes" label={i18n._({ id: 'inspector.f.queue', message: 'queue' })} value={live.queue_bytes} text={formatBytes(live.queue_bytes)} />
            <Field name="queue_packets" label={i18n._({ id: 'inspector.f.queued-packets', message: 'queued packets' })} value={live.queue_packets} text={formatInt(live.queue_packets)} />
            <Field name="drops" label={i18n._({ id: 'inspector.f.drops-so-far', message: 'drops so far' })} value={live.drops} text={formatInt(live.drops)} />
            <Field name="sojourn_ms" label={i18n._({ id: 'inspector.f.sojourn-packet-leaving-now', message: 'sojourn (packet leaving now)' })} value={live.sojourn_ms} text={`${num(live.sojourn_ms, 1)} ms`} />
            <Field name="ecn_marks" label={i18n._({ id: 'inspector.f.ecn-marks-so-far', message: 'ECN marks so far' })} value={live.ecn_marks} text={formatInt(live.ecn_marks)} />
            <Field name="packets_sampled" label={i18n._({ id: 'inspector.f.packets-drawn-on-it', message: 'packets drawn on it' })} value={onWire} text={formatInt(onWire)} />
          </>
        ) : (
          link.reported || <Field name="queue_bytes" label={i18n._({ id: 'inspector.f.queue', message: 'queue' })} value={null} text={i18n._({ id: 'inspector.not-reported', message: 'not reported (never queues)' })} />
        )}
        {done && <Field name="utilization" label={i18n._({ id: 'inspector.f.utilisation-run', message: 'utilisation (run)' })} value={done.utilization} text={formatPercent(done.utilization)} />}
        {done && <Field name="mean_sojourn_ms" label={i18n._({ id: 'inspector.f.mean-sojourn-run', message: 'mean sojourn (run)' })} value={done.mean_sojourn_ms} text={i18n._({ id: 'inspector.mean-sojourn', message: '{mean} ms (max {max})', values: { mean: num(done.mean_sojourn_ms, 1), max: num(done.max_sojourn_ms, 1) } })} />}
        {done?.aqm && <Field name="aqm" label={i18n._({ id: 'inspector.f.queue-discipline', message: 'queue discipline' })} value={done.aqm} />}
      </dl>
      {crossing.length > 0 && (
        <p className="crossing">
          {i18n._({ id: 'inspector.carries', message: 'Carries:' })}{' '}
          {crossing.map((f) => (
            <InspectButton key={f.id} selection={{ kind: 'flow', id: f.id }}>
              {f.id}
            </InspectButton>
          ))}
        </p>
      )}
    </>
  );
}

function SubView({ sel, snap }: { sel: Extract<Selection, { kind: 'subflow' | 'stream' }>; snap: Snapshot | null }) {
  const f = snap?.flows.find((x) => x.id === sel.flow);
  const list = (sel.kind === 'subflow' ? f?.subflows : f?.streams) ?? [];
  const obj = list.find((o, i) => subId(o, i) === sel.id);
  return (
    <>
      <h2>
        {sel.kind === 'subflow' ? i18n._({ id: 'inspector.subflow-title', message: 'Subflow {id}', values: { id: sel.id } }) : i18n._({ id: 'inspector.stream-title', message: 'Stream {id}', values: { id: sel.id } })}{' '}
        <span className="muted">
          {i18n._({ id: 'inspector.of', message: 'of' })} <InspectButton selection={{ kind: 'flow', id: sel.flow }}>{sel.flow}</InspectButton>
        </span>
      </h2>
      {obj ? <GenericFields obj={obj} /> : <p className="muted">{i18n._({ id: 'inspector.not-in-snapshot', message: 'Not in the latest snapshot.' })}</p>}
    </>
  );
}

export function Inspector() {
  useLingui();
  const selection = useLab((s) => s.selection);
  const snap = useLab((s) => s.snapshot);
  const topology = useLab((s) => s.topology);
  return (
    <section
      className="panel inspector"
      data-testid="inspector"
      data-kind={selection?.kind ?? ''}
      data-id={selection?.id ?? ''}
      data-t={snap?.t_s ?? ''}
      aria-label={i18n._({ id: 'inspector.title', message: 'Inspector' })}
      aria-live="off"
    >
      <header className="inspector-head">
        <h3>{i18n._({ id: 'inspector.title', message: 'Inspector' })} {snap && <span className="muted">t = {formatSeconds(snap.t_s)}</span>}</h3>
        {selection && (
          <button type="button" className="link-button" data-testid="inspector-close" onClick={() => lab.select(null)}>
            {i18n._({ id: 'inspector.close', message: 'close' })}
          </button>
        )}
      </header>
      {selection === null && <p className="muted">{i18n._({ id: 'inspector.hint', message: 'Click a flow or a link — in the network picture or in the tables — to see its live state here.' })}</p>}
      {selection?.kind === 'flow' && <FlowView id={selection.id} snap={snap} topology={topology} />}
      {selection?.kind === 'link' && <LinkView id={selection.id} snap={snap} topology={topology} />}
      {(selection?.kind === 'subflow' || selection?.kind === 'stream') && <SubView sel={selection} snap={snap} />}
    </section>
  );
}
