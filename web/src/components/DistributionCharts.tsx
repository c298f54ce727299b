// End-of-run distribution charts of the MPTCP and QUIC views: FCT per size class as grouped
// bars and as CDFs, and message-latency box plots (one box per scheduler per stream). SVG
// from D3 scales; every mark carries its numbers in data-* attributes and a hover read-out.
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import { type ReactNode, useState } from 'react';
import { colorFor } from '../lib/palette';
import { wantsLogScale } from '../sweep/aggregate';
import type { ClassStats } from '../types';
import type { StreamBoxes } from '../family/compare';
import { type BoxStats, ecdf } from '../family/stats';
import { fctBarsTitle, fctCdfTitle } from '../family/messages';
import { i18n } from '../i18n/i18n';

const W = 520;
const H = 240;
const M = { top: 12, right: 14, bottom: 40, left: 56 };

function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? String(Number(x.toPrecision(digits))) : '–';
}

type YScale = { ticks(n: number): number[]; tickFormat(n: number): (t: number) => string; (v: number): number };

interface FrameProps {
  testId: string;
  /** data-* attributes of the figure (what the tests and read-outs key on). */
  data: Record<string, string | number>;
  title: string;
  readoutId: string;
  readout: string;
  ariaLabel: string;
  y: YScale;
  yLabel: string;
  xLabel: string;
  /** Legend entries, coloured by their index in the palette. */
  legend: { key: string; label: string }[];
  legendNote?: string;
  children: ReactNode;
}

/** What the three charts share: caption with read-out, y grid and ticks, axis labels, legend. */
function DistFrame({ testId, data, title, readoutId, readout, ariaLabel, y, yLabel, xLabel, legend, legendNote, children }: FrameProps) {
  const dataAttrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  return (
    <figure className="chart dist-chart" data-testid={testId} {...dataAttrs}>
      <figcaption>
        <span className="chart-title">{title}</span>
        <span className="muted readout" data-testid={readoutId}>
          {readout}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={ariaLabel} className="chart-axes dist-axes">
        {y.ticks(5).map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="var(--grid)" />
            <text className="tick" x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {y.tickFormat(5)(t)}
            </text>
          </g>
        ))}
        {children}
        <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">
          {yLabel}
        </text>
        <text className="axis-label" x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
          {xLabel}
        </text>
      </svg>
      <ul className="legend">
        {legend.map((l, i) => (
          <li key={l.key}>
            <span className="swatch" style={{ borderColor: colorFor(i) }} aria-hidden="true" />
            {l.label}
          </li>
        ))}
        {legendNote && <li className="muted">{legendNote}</li>}
      </ul>
    </figure>
  );
}

/** The statistics of fct_by_class the bars show, in order. */
const FCT_STATS = [
  { key: 'mean_s', label: 'mean' },
  { key: 'p50_s', label: 'p50' },
  { key: 'p99_s', label: 'p99' },
] as const;

/** A statistic's name on screen ("mean" is a word; p50 and p99 are written alike everywhere). */
const statName = (label: string) => (label === 'mean' ? i18n._({ id: 'dist.mean', message: 'mean' }) : label);
const logScale = () => i18n._({ id: 'dist.log-scale', message: ', log scale' });

/** The FCTs the bars show (every class's mean, median and p99), in seconds. */
export function fctBarValues(byClass: Record<string, ClassStats>, classes: readonly string[]): number[] {
  return classes.flatMap((c) => FCT_STATS.map((s) => byClass[c]?.[s.key])).filter((v): v is number => typeof v === 'number');
}

/** Grouped bars: per size class, its mean, median and 99th-percentile FCT (summary fct_by_class). */
export function FctBars({ byClass, classes, scheduler = null, note }: { byClass: Record<string, ClassStats>; classes: string[]; scheduler?: string | null; note?: string }) {
  const [hover, setHover] = useState<string | null>(null);
  const x = scaleBand().domain(classes).range([M.left, W - M.right]).padding(0.2);
  const inner = scaleBand<string>().domain(FCT_STATS.map((s) => s.key)).range([0, x.bandwidth()]).padding(0.08);
  const max = Math.max(1e-9, ...fctBarValues(byClass, classes));
  const y = scaleLinear().domain([0, max * 1.05]).nice().range([H - M.bottom, M.top]);
  return (
    <DistFrame
      testId="fct-bars"
      data={{ classes: classes.join(','), scheduler: scheduler ?? '' }}
      title={fctBarsTitle(scheduler)}
      readoutId="fct-bars-readout"
      readout={hover ?? note ?? i18n._({ id: 'dist.hover-bar', message: 'hover a bar' })}
      ariaLabel={i18n._({ id: 'dist.fct-bars-label', message: 'FCT by size class' })}
      y={y}
      yLabel="FCT (s)"
      xLabel={i18n._({ id: 'dist.size-class', message: 'size class (finished flows started after the warm-up)' })}
      legend={FCT_STATS.map((st) => ({ key: st.key, label: statName(st.label) }))}
    >
        {classes.map((c) => {
          const st = byClass[c];
          return (
            <g key={c} data-class={c} data-count={st?.count ?? 0} data-unfinished={st?.unfinished ?? 0}>
              {FCT_STATS.map((s, i) => {
                const v = st?.[s.key];
                if (typeof v !== 'number') return null;
                const text = i18n._({ id: 'dist.bar-text', message: '{c} {stat}: {v} s ({done} done, {unfinished} unfinished)', values: { c, stat: statName(s.label), v: fmt(v), done: st!.count, unfinished: st!.unfinished } });
                return (
                  <rect
                    key={s.key}
                    data-stat={s.label}
                    data-value={v}
                    x={x(c)! + inner(s.key)!}
                    width={inner.bandwidth()}
                    y={y(v)}
                    height={Math.max(0, y(0) - y(v))}
                    fill={colorFor(i)}
                    onMouseEnter={() => setHover(text)}
                    onMouseLeave={() => setHover(null)}
                    tabIndex={0}
                    aria-label={text}
                    onFocus={() => setHover(text)}
                    onBlur={() => setHover(null)}
                  >
                    <title>{text}</title>
                  </rect>
                );
              })}
              <text className="tick" x={x(c)! + x.bandwidth() / 2} y={H - M.bottom + 16} textAnchor="middle">
                {c}
              </text>
            </g>
          );
        })}
    </DistFrame>
  );
}

/** FCTs spanning more than a decade get a log axis: short and long flows differ by orders. */
const CDF_LOG_RATIO = 10;

/**
 * One CDF per size class of the listed flows' FCTs. The x axis spans the curves and `span`
 * (the bars' statistics over all flows), so both charts read on the same FCTs.
 */
export function FctCdf({
  fcts,
  counts,
  span = [],
  note,
  scheduler = null,
}: {
  fcts: Map<string, number[]>;
  /** Flows each class's curve stands for (its list may be thinned); default: the list's length. */
  counts?: Map<string, number>;
  span?: readonly number[];
  note?: string;
  scheduler?: string | null;
}) {
  const countOf = (c: string) => counts?.get(c) ?? fcts.get(c)!.length;
  const [hover, setHover] = useState<string | null>(null);
  const all = [...fcts.values()].flat().concat(span).filter((v) => Number.isFinite(v) && v > 0);
  const lo = all.length ? Math.min(...all) : 0.001;
  const hi = all.length ? Math.max(...all) : 1;
  const log = hi / lo > CDF_LOG_RATIO;
  // A log axis spans exactly the data (nice() would round out to whole decades, mostly empty).
  const x = log ? scaleLog().domain([lo, hi]).range([M.left, W - M.right]) : scaleLinear().domain([0, hi]).range([M.left, W - M.right]).nice();
  const y = scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const classes = [...fcts.keys()];
  const path = line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y))
    .curve(curveStepAfter);
  // Plain numbers in seconds ("0.05", not SI "50m"); a log axis labels only the ticks that fit.
  const tickFmt = x.tickFormat(6, '~g');
  const ticks = x
    .ticks(6)
    .map((t) => ({ t, label: tickFmt(t) }))
    .filter((t) => t.label !== '');
  const [x0, x1] = x.domain() as [number, number];
  return (
    <DistFrame
      testId="fct-cdf"
      data={{ classes: classes.join(','), 'x-min': x0, 'x-max': x1, scale: log ? 'log' : 'linear', n: [...fcts.keys()].reduce((a, c) => a + countOf(c), 0), scheduler: scheduler ?? '' }}
      title={fctCdfTitle(scheduler)}
      readoutId="fct-cdf-readout"
      readout={hover ?? note ?? ''}
      ariaLabel="FCT CDF"
      y={y}
      yLabel={i18n._({ id: 'dist.fraction', message: 'fraction of flows' })}
      xLabel={`FCT (s)${log ? logScale() : ''}`}
      legend={classes.map((c) => ({ key: c, label: `${c} (${countOf(c)})` }))}
    >
        {ticks.map(({ t, label }) => (
          <text key={t} className="tick" x={x(t)} y={H - M.bottom + 16} textAnchor="middle">
            {label}
          </text>
        ))}
        {classes.map((c, i) => {
          const pts = ecdf(fcts.get(c)!);
          const first = pts[0];
          // Start the step at 0 on the first value so each curve rises from the axis.
          const d = first ? path([{ x: first.x, y: 0 }, ...pts]) : null;
          return (
            <g key={c} data-class={c} data-n={countOf(c)}>
              <path d={d ?? ''} fill="none" stroke={colorFor(i)} strokeWidth={2} />
              {pts.map((p) => (
                <circle
                  key={p.x}
                  cx={x(p.x)}
                  cy={y(p.y)}
                  r={6}
                  fill="transparent"
                  onMouseEnter={() => setHover(i18n._({ id: 'dist.cdf-point', message: '{c}: {pct} % of flows within {x} s', values: { c, pct: fmt(p.y * 100), x: fmt(p.x) } }))}
                  onMouseLeave={() => setHover(null)}
                />
              ))}
            </g>
          );
        })}
    </DistFrame>
  );
}

/** The box plot's statistics in words, for the read-out. */
export function describeBox(who: string, b: BoxStats): string {
  return i18n._({
    id: 'dist.box-text',
    message: '{who}: p5 {p5} · p25 {p25} · median {p50} · p75 {p75} · p95 {p95} ms (mean {mean}, max {max}, n = {n})',
    values: { who, p5: fmt(b.p5), p25: fmt(b.p25), p50: fmt(b.p50), p75: fmt(b.p75), p95: fmt(b.p95), mean: fmt(b.mean), max: fmt(b.max), n: b.n },
  });
}

/**
 * Message latency per stream, one box per scheduler side by side: whiskers p5–p95, box
 * p25–p75, line at the median (nearest-rank, as the summary's p50/p95).
 */
export function LatencyBoxPlot({ streams, schedulers }: { streams: StreamBoxes[]; schedulers: readonly string[] }) {
  const [hover, setHover] = useState<string | null>(null);
  const groups = streams.map((s) => s.key);
  const x = scaleBand().domain(groups).range([M.left, W - M.right]).padding(0.15);
  const inner = scaleBand<string>().domain(schedulers).range([0, x.bandwidth()]).padding(0.2);
  const vals = streams.flatMap((s) => s.boxes.flatMap((b) => [b.box.p5, b.box.p95]));
  const lo = vals.length ? Math.min(...vals) : 1;
  const hi = vals.length ? Math.max(...vals) : 1;
  const log = lo > 0 && wantsLogScale([lo, hi]);
  const y = (log ? scaleLog() : scaleLinear()).domain(log ? [lo, hi] : [0, hi * 1.05 || 1]).range([H - M.bottom, M.top]);
  if (!log) y.nice();
  return (
    <DistFrame
      testId="latency-boxes"
      data={{ streams: groups.length }}
      title={i18n._({ id: 'dist.box-title', message: 'Message latency per stream and scheduler' })}
      readoutId="box-readout"
      readout={hover ?? i18n._({ id: 'dist.hover-box', message: 'hover a box' })}
      ariaLabel={i18n._({ id: 'dist.box-label', message: 'Message latency box plots' })}
      y={y}
      yLabel={`${i18n._({ id: 'dist.latency', message: 'latency (ms)' })}${log ? logScale() : ''}`}
      xLabel={i18n._({ id: 'dist.box-x', message: 'stream (messages written after the warm-up)' })}
      legend={schedulers.map((sc) => ({ key: sc, label: sc }))}
      legendNote={i18n._({ id: 'dist.box-note', message: 'box p25–p75, line median, whiskers p5–p95 (nearest rank)' })}
    >
        {streams.map((s) => (
          <g key={s.key} data-stream={s.name} data-flow={s.flow}>
            {s.boxes.map(({ scheduler, box }) => {
              const bx = x(s.key)! + inner(scheduler)!;
              const bw = inner.bandwidth();
              const mid = bx + bw / 2;
              const color = colorFor(schedulers.indexOf(scheduler));
              const text = describeBox(`${scheduler} · ${s.name}`, box);
              return (
                <g
                  key={scheduler}
                  className="box"
                  data-testid="latency-box"
                  data-scheduler={scheduler}
                  data-p5={box.p5}
                  data-p25={box.p25}
                  data-median={box.p50}
                  data-p75={box.p75}
                  data-p95={box.p95}
                  data-n={box.n}
                  onMouseEnter={() => setHover(text)}
                  onMouseLeave={() => setHover(null)}
                  // Keyboard users read the same numbers by tabbing through the boxes.
                  tabIndex={0}
                  role="img"
                  aria-label={text}
                  onFocus={() => setHover(text)}
                  onBlur={() => setHover(null)}
                >
                  <title>{text}</title>
                  <line x1={mid} x2={mid} y1={y(box.p5)} y2={y(box.p95)} stroke={color} />
                  <line x1={bx + bw * 0.25} x2={bx + bw * 0.75} y1={y(box.p5)} y2={y(box.p5)} stroke={color} />
                  <line x1={bx + bw * 0.25} x2={bx + bw * 0.75} y1={y(box.p95)} y2={y(box.p95)} stroke={color} />
                  <rect x={bx} width={bw} y={y(box.p75)} height={Math.max(1, y(box.p25) - y(box.p75))} fill={color} fillOpacity={0.25} stroke={color} />
                  <line x1={bx} x2={bx + bw} y1={y(box.p50)} y2={y(box.p50)} stroke={color} strokeWidth={2.5} />
                </g>
              );
            })}
            <text className="tick" x={x(s.key)! + x.bandwidth() / 2} y={H - M.bottom + 16} textAnchor="middle">
              {s.name}
            </text>
          </g>
        ))}
    </DistFrame>
  );
}
