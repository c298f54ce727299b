// The paper's figures, live — and any other figure a class asks for: run a sweep (one numeric
// knob over a list of values × algorithms × seeds) in a few Web Workers and plot a metric
// against the knob, one line per algorithm, each point the mean over seeds with its 95 %
// confidence interval. The preset's declared sweep is the default; "Custom" sweeps any numeric
// knob of the preset over evenly spaced values (linear or log), with any number of seeds. Either
// way the engine expands and validates the sweep (scenario/sweep.rs `set_sweep` + `expand`),
// exactly as `netlab sweep --knob … --values …` does natively, so a bad range is reported by the
// engine with the field at fault.
import { FAIRNESS_Y_TOP } from '../charts/relevance';
import { localText } from '../i18n/localText';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { useMemo, useRef, useState } from 'react';
import { knobWords, metricWords } from '../lib/labels';
import { colorFor } from '../lib/palette';
import { REGISTRY } from '../lib/registry';
import { isPresetFile, usePresetText } from '../presets';
import { currentPreset } from '../store/state';
import { useLab } from '../store/store';
import type { Knob } from '../types';
import { SweepData } from './SweepData';
import { type Line, type PointResult, aggregate, wantsLogScale } from '../sweep/aggregate';
import { poolSize, runJobs, useSweepPool } from '../sweep/pool';
import type { SweepIn, SweepOut, SweepPlan } from '../sweep/protocol';
import { MAX_VALUES, type Spacing, defaultSpacing, seedList, spacedValues } from '../sweep/space';
import { type SweepExport, sweepCsv, sweepJson } from '../sweep/export';
import { sweepMsg } from '../sweep/messages';
import { chartDocument, downloadChart, downloadText } from '../lib/download';
import { i18n } from '../i18n/i18n';
import { useLingui } from '@lingui/react';

const WORKERS = poolSize();
const W = 640;
const H = 300;
const M = { top: 12, right: 16, bottom: 42, left: 60 };
/** Most runs one sweep may start in the page (a typo guard: 16 values × 5 algorithms × 5 seeds). */
export const MAX_PAGE_RUNS = 400;
const MAX_SEEDS = 10;

type Status = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'done'; total: number } | { kind: 'error'; message: string };

/** The sweep a preset declares, as far as the setup form needs it (the engine has the final word). */
interface Declared {
  knob?: string;
  values?: number[];
  algorithms?: string[];
  algorithm_knob?: string;
  seeds?: number[];
  metric?: string;
}

/** What the custom form holds; strings where the user types. */
interface Setup {
  knob: string;
  from: string;
  to: string;
  count: string;
  spacing: Spacing;
  /** The enum knob whose options become the lines, or '' for one line. */
  compareBy: string;
  options: string[];
  seeds: string;
  metric: string;
}

function declaredSweep(text: string | undefined): Declared | null {
  try {
    const s = text ? JSON.parse(text).sweep : undefined;
    return s && typeof s === 'object' ? (s as Declared) : null;
  } catch {
    return null;
  }
}

const numericKnobs = (knobs: readonly Knob[]) => knobs.filter((k) => k.kind === 'number' || k.kind === 'integer');
const enumKnobs = (knobs: readonly Knob[]) => knobs.filter((k) => k.kind === 'enum' && (k.options?.length ?? 0) > 1);

/** The form's first contents: the declared sweep where there is one, else the knob's range. */
function initialSetup(knobs: readonly Knob[], declared: Declared | null, current: Record<string, unknown>): Setup {
  const nums = numericKnobs(knobs);
  const knob = nums.find((k) => k.name === declared?.knob) ?? nums.find((k) => k.name !== 'duration_s') ?? nums[0];
  const vals = declared?.knob === knob?.name ? declared?.values?.filter((v) => typeof v === 'number') : undefined;
  const from = vals?.length ? Math.min(...vals) : (knob?.min ?? 0);
  const to = vals?.length ? Math.max(...vals) : (knob?.max ?? 1);
  const compare = enumKnobs(knobs).find((k) => k.name === (declared?.algorithm_knob ?? 'cc')) ?? undefined;
  const opts = declared?.algorithms?.length ? declared.algorithms : compare ? [String(current[compare.name] ?? compare.options?.[0] ?? '')] : [];
  return {
    knob: knob?.name ?? '',
    from: String(from),
    to: String(to),
    count: String(Math.min(MAX_VALUES, vals?.length ?? 5)),
    spacing: defaultSpacing(from, to),
    compareBy: compare && declared?.algorithms?.length ? compare.name : '',
    options: opts.filter(Boolean),
    seeds: String(Math.max(3, declared?.seeds?.length ?? 0)),
    metric: declared?.metric ?? 'goodput_mbps',
  };
}

/** The custom setup as a sweep for the engine, or the reason it is not one yet. */
function customSweep(setup: Setup, knobs: readonly Knob[], firstSeed: number): { sweep: Record<string, unknown>; runs: number } | { error: string } {
  const knob = knobs.find((k) => k.name === setup.knob);
  if (!knob) return { error: i18n._({ id: 'sweep.err-knob', message: 'pick a knob to sweep' }) };
  let values: number[];
  try {
    values = spacedValues(Number(setup.from), Number(setup.to), Number(setup.count), setup.spacing, knob.kind === 'integer');
  } catch (e) {
    return { error: (e as Error).message };
  }
  const seeds = Number(setup.seeds);
  if (!Number.isInteger(seeds) || seeds < 1 || seeds > MAX_SEEDS) return { error: i18n._({ id: 'sweep.err-seeds', message: 'seeds must be 1 to {max}', values: { max: MAX_SEEDS } }) };
  if (setup.compareBy && setup.options.length === 0) return { error: i18n._({ id: 'sweep.err-compare', message: 'tick at least one value to compare' }) };
  const lines = setup.compareBy ? setup.options.length : 1;
  const runs = values.length * lines * seeds;
  if (runs > MAX_PAGE_RUNS) return {
      error: i18n._({
        id: 'sweep.err-runs',
        message: '{runs} runs is more than the page runs at once ({max}); use fewer values, lines or seeds, or {cli}',
        values: { runs, max: MAX_PAGE_RUNS, cli: '`netlab sweep`' },
      }),
    };
  const sweep: Record<string, unknown> = { knob: setup.knob, values, seeds: seedList(firstSeed, seeds), metric: setup.metric, algorithms: [] };
  if (setup.compareBy) {
    sweep.algorithm_knob = setup.compareBy;
    sweep.algorithms = setup.options;
  }
  return { sweep, runs };
}

/**
 * The sweep panel of the preset on screen. Its form starts from the preset's declared sweep,
 * which is in the preset's text, fetched on demand (presets.ts): the form is built only once
 * the text is here, or a panel opened before the fetch ended would start in custom mode, with
 * none of the declared sweep's knob, lines and metric, and stay so.
 */
export function SweepPanel({ initialMode }: { initialMode?: 'declared' | 'custom' } = {}) {
  useLingui();
  const presetName = useLab((s) => s.presetName);
  const text = usePresetText(presetName);
  if (text === undefined && isPresetFile(presetName)) {
    return (
      <section className="panel sweep" data-testid="sweep" data-status="loading" aria-label={i18n._({ id: 'sweep.title', message: 'Sweep' })}>
        <p className="muted">{i18n._({ id: 'sweep.loading', message: 'Loading the preset…' })}</p>
      </section>
    );
  }
  return <SweepForm initialMode={initialMode} text={text} />;
}

function SweepForm({ initialMode, text }: { initialMode?: 'declared' | 'custom'; text: string | undefined }) {
  const presetName = useLab((s) => s.presetName);
  const variant = useLab((s) => s.variant);
  const edits = useLab((s) => s.knobEdits);
  const labSeed = useLab((s) => s.seed);
  const knobValues = useLab((s) => s.knobValues);
  const knobs = useLab((s) => currentPreset(s)?.knobs) ?? [];
  const declared = useMemo(() => declaredSweep(text), [text]);
  const [mode, setMode] = useState<'declared' | 'custom'>(declared && initialMode !== 'custom' ? 'declared' : 'custom');
  const [setup, setSetup] = useState<Setup>(() => initialSetup(knobs, declared, knobValues));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [plan, setPlan] = useState<SweepPlan | null>(null);
  const [results, setResults] = useState<(number | null | undefined)[]>([]);
  const [logX, setLogX] = useState<boolean | null>(null);
  // The spacing the running sweep's values were made with: log-spaced values get a log axis.
  const [sweptSpacing, setSweptSpacing] = useState<Spacing | null>(null);
  const [logY, setLogY] = useState(false);
  // A new preset, variant or knob setting invalidates the figure (and the form's knob list).
  const pool = useSweepPool([presetName, variant, edits], () => {
    setStatus({ kind: 'idle' });
    setPlan(null);
    setResults([]);
  });
  const stop = pool.stop;

  const lines: Line[] = useMemo(() => {
    if (!plan) return [];
    const rs: PointResult[] = [];
    plan.points.forEach((p, i) => {
      const m = results[i];
      if (m !== undefined && typeof p.value === 'number') rs.push({ value: p.value, algorithm: p.algorithm, metric: m });
    });
    return aggregate(rs);
  }, [plan, results]);

  const custom = mode === 'custom' ? customSweep(setup, knobs, labSeed) : null;
  const formError = custom && 'error' in custom ? custom.error : null;

  const start = () => {
    if (formError) return;
    stop();
    const workers = pool.start(WORKERS);
    const first = workers[0]!;
    setStatus({ kind: 'running', done: 0, total: 0 });
    setResults([]);
    setPlan(null);
    setLogX(null);
    setSweptSpacing(mode === 'custom' ? setup.spacing : null);
    first.onmessage = (e: MessageEvent<SweepOut>) => {
      const m = e.data;
      if (m.type === 'error') {
        setStatus({ kind: 'error', message: m.message });
        stop();
        return;
      }
      if (m.type !== 'plan') return;
      const p = m.plan;
      setPlan(p);
      const total = p.points.length;
      let done = 0;
      setStatus({ kind: 'running', done, total });
      const metric = p.metric ?? 'jain';
      const jobs: SweepIn[] = p.points.map((pt, i) => ({ type: 'run', id: i, scenario: JSON.stringify(pt.scenario), seed: pt.seed, metric }));
      runJobs(workers, jobs, (a) => {
        if (a.type === 'error') {
          setStatus({ kind: 'error', message: a.message });
          stop();
          return;
        }
        if (a.type !== 'point') return;
        done += 1;
        setResults((r) => {
          const copy = r.slice();
          copy[a.id] = a.value;
          return copy;
        });
        setStatus(done === total ? { kind: 'done', total } : { kind: 'running', done, total });
        if (done === total) stop();
      });
    };
    const sweep = custom && 'sweep' in custom ? JSON.stringify(custom.sweep) : null;
    const msg: SweepIn = { type: 'plan', id: 0, presetText: text ?? '', variant, settings: edits, sweep };
    first.postMessage(msg);
  };

  const xs = plan ? [...new Set(plan.points.map((p) => p.value).filter((v): v is number => typeof v === 'number'))] : [];
  const canLogX = xs.length > 1 && xs.every((v) => v > 0);
  const useLogX = canLogX && (logX ?? (sweptSpacing === 'log' || wantsLogScale(xs)));
  const xDomain: [number, number] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  if (xDomain[0] === xDomain[1]) xDomain[1] = xDomain[0] + 1;
  const x = (useLogX ? scaleLog() : scaleLinear()).domain(xDomain).range([M.left, W - M.right]);
  const lows = lines.flatMap((l) => l.points.map((p) => p.y - p.ci));
  const highs = lines.flatMap((l) => l.points.map((p) => p.y + p.ci));
  const yMax = Math.max(1e-9, ...highs);
  const canLogY = lines.length > 0 && lines.every((l) => l.points.every((p) => p.y > 0));
  const useLogY = logY && canLogY;
  const yMinPos = Math.min(...lines.flatMap((l) => l.points.map((p) => (p.y - p.ci > 0 ? p.y - p.ci : p.y))));
  const bounded = plan?.metric === 'jain' || plan?.metric === 'utilization';
  const y = useLogY
    ? scaleLog().domain([yMinPos / 1.2, yMax * 1.2]).nice().range([H - M.bottom, M.top])
    : // Jain's index cannot exceed 1: its axis stops there, a confidence bar above it is clipped.
      scaleLinear().domain([Math.min(0, ...lows), plan?.metric === 'jain' ? FAIRNESS_Y_TOP : bounded ? Math.max(1, yMax) : yMax * 1.1]).nice().range([H - M.bottom, M.top]);
  const clampY = (v: number) => Math.max(M.top, Math.min(H - M.bottom, y(useLogY ? Math.max(v, y.domain()[0]!) : v)));
  const path = line<{ x: number; y: number }>().x((p) => x(p.x)).y((p) => y(p.y));
  const nPoints = lines.reduce((n, l) => n + l.points.length, 0);
  const seedsPerPoint = Math.max(0, ...lines.flatMap((l) => l.points.map((p) => p.n)));
  const bars = lines.flatMap((l) => l.points.filter((p) => p.n > 1));
  const noSpread = bars.length > 0 && bars.every((p) => p.max === p.min);
  const running = status.kind === 'running';
  // Axis and title in words with units ("Bottleneck buffer (BDP)", "Jain's index").
  const knobName = plan?.knob ? knobWords(knobs, plan.knob) : mode === 'custom' ? knobWords(knobs, setup.knob) : i18n._({ id: 'sweep.knob-none', message: 'knob' });
  const metricName = metricWords(plan?.metric ?? (mode === 'custom' ? setup.metric : declared?.metric));
  const set = (patch: Partial<Setup>) => setSetup((s) => ({ ...s, ...patch }));
  const compareKnob = knobs.find((k) => k.name === setup.compareBy);
  const figure = useRef<SVGSVGElement>(null);
  // The scenario's own name (an edited scenario's "name" field), for the files and their names.
  const scenarioName = ownName(text) ?? presetName ?? 'scenario';
  const exported = (): SweepExport | null =>
    plan && status.kind === 'done'
      ? {
          scenario: scenarioName,
          variant,
          settings: knobValues,
          knob: plan.knob ?? '',
          metric: plan.metric ?? 'jain',
          runs: plan.points.map((p, i) => ({ value: p.value, algorithm: p.algorithm, seed: p.seed, metric: results[i] ?? null })),
          lines,
        }
      : null;
  const fileBase = `${scenarioName}-sweep-${plan?.knob ?? 'knob'}-${plan?.metric ?? 'metric'}`.replace(/[^\w.-]+/g, '_');
  const saveFigure = (format: 'svg' | 'png') => {
    if (!figure.current) return;
    const legend = lines.map((l, i) => ({ label: l.algorithm, color: colorFor(i) }));
    void downloadChart(chartDocument(figure.current, sweepMsg.figureTitle(metricName, knobName, scenarioName), legend), fileBase, format);
  };

  return (
    <section className="panel sweep" data-testid="sweep" data-status={status.kind} data-mode={mode} aria-label={i18n._({ id: 'sweep.title', message: 'Sweep' })}>
      <div className="sweep-head">
        <h2>
          {i18n._({ id: 'sweep.heading', message: 'Sweep: {metric} vs {knob}', values: { metric: metricName, knob: knobName } })}
        </h2>
        <button type="button" data-testid="sweep-run" onClick={start} disabled={running || !!formError}>
          {running ? i18n._({ id: 'sweep.sweeping', message: 'Sweeping…' }) : i18n._({ id: 'sweep.run', message: 'Run sweep' })}
        </button>
        <span data-testid="sweep-progress" className="muted">
          {status.kind === 'running' && status.total > 0 && i18n._({ id: 'quic.progress', message: '{done} / {total} runs', values: { done: status.done, total: status.total } })}
          {status.kind === 'done' &&
            i18n._({ id: 'sweep.done', message: '{total} runs, mean over {seeds, plural, one {# seed} other {# seeds}}', values: { total: status.total, seeds: seedsPerPoint } })}
          {status.kind === 'idle' &&
            (custom && 'runs' in custom
              ? i18n._({ id: 'sweep.idle-custom', message: '{runs} runs in {workers, plural, one {# worker} other {# workers}}', values: { runs: custom.runs, workers: WORKERS } })
              : i18n._({
                  id: 'sweep.idle-declared',
                  message: "every value × algorithm × seed of the preset's sweep, in {workers, plural, one {# worker} other {# workers}}",
                  values: { workers: WORKERS },
                }))}
        </span>
      </div>
      <div className="sweep-setup" role="group" aria-label={i18n._({ id: 'sweep.setup', message: 'Sweep setup' })}>
        {declared && (
          <div className="sweep-mode" role="radiogroup" aria-label={i18n._({ id: 'sweep.which', message: 'Which sweep' })}>
            <label>
              <input type="radio" name="sweep-mode" checked={mode === 'declared'} onChange={() => setMode('declared')} data-testid="sweep-mode-declared" />{' '}
              {i18n._({ id: 'sweep.mode-declared', message: "The preset's sweep" })}
            </label>
            <label>
              <input type="radio" name="sweep-mode" checked={mode === 'custom'} onChange={() => setMode('custom')} data-testid="sweep-mode-custom" /> {i18n._({ id: 'sweep.mode-custom', message: 'Custom' })}
            </label>
          </div>
        )}
        {mode === 'custom' && (
          <div className="sweep-form" data-testid="sweep-form">
            <label>
              {i18n._({ id: 'sweep.knob', message: 'Knob' })}{' '}
              <select value={setup.knob} data-testid="sweep-knob" onChange={(e) => {
                const k = knobs.find((x) => x.name === e.target.value);
                const from = k?.min ?? 0;
                const to = k?.max ?? 1;
                set({ knob: e.target.value, from: String(from), to: String(to), spacing: defaultSpacing(from, to) });
              }}>
                {numericKnobs(knobs).map((k) => (
                  <option key={k.name} value={k.name}>
                    {knobWords(knobs, k.name)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {i18n._({ id: 'sweep.from', message: 'from' })} <input type="number" value={setup.from} data-testid="sweep-from" onChange={(e) => set({ from: e.target.value })} />
            </label>
            <label>
              {i18n._({ id: 'sweep.to', message: 'to' })} <input type="number" value={setup.to} data-testid="sweep-to" onChange={(e) => set({ to: e.target.value })} />
            </label>
            <label>
              {i18n._({ id: 'sweep.values', message: 'values' })} <input type="number" min={1} max={MAX_VALUES} value={setup.count} data-testid="sweep-count" onChange={(e) => set({ count: e.target.value })} />
            </label>
            <label>
              {i18n._({ id: 'sweep.spacing', message: 'spacing' })}{' '}
              <select value={setup.spacing} data-testid="sweep-spacing" onChange={(e) => set({ spacing: e.target.value as Spacing })}>
                <option value="linear">{i18n._({ id: 'sweep.linear', message: 'linear' })}</option>
                <option value="log">{i18n._({ id: 'sweep.log', message: 'logarithmic' })}</option>
              </select>
            </label>
            <label>
              {i18n._({ id: 'sweep.seeds', message: 'seeds' })} <input type="number" min={1} max={MAX_SEEDS} value={setup.seeds} data-testid="sweep-seeds" onChange={(e) => set({ seeds: e.target.value })} />
            </label>
            <label>
              {i18n._({ id: 'sweep.metric', message: 'metric' })}{' '}
              <select value={setup.metric} data-testid="sweep-metric" onChange={(e) => set({ metric: e.target.value })}>
                {REGISTRY.sweep_metrics.map((m) => (
                  <option key={m.name} value={m.name}>
                    {metricWords(m.name)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {i18n._({ id: 'sweep.lines', message: 'lines' })}{' '}
              <select value={setup.compareBy} data-testid="sweep-compare" onChange={(e) => {
                const k = knobs.find((x) => x.name === e.target.value);
                set({ compareBy: e.target.value, options: k ? [String(knobValues[k.name] ?? k.options?.[0] ?? '')] : [] });
              }}>
                <option value="">{i18n._({ id: 'sweep.one-line', message: 'one line' })}</option>
                {enumKnobs(knobs).map((k) => (
                  <option key={k.name} value={k.name}>
                    {i18n._({ id: 'sweep.one-per', message: 'one per {knob}', values: { knob: localText(k.label).toLowerCase() } })}
                  </option>
                ))}
              </select>
            </label>
            {compareKnob && (
              <fieldset className="sweep-options" data-testid="sweep-options">
                <legend className="sweep-options-legend">{localText(compareKnob.label)}:</legend>
                {(compareKnob.options ?? []).map((o) => (
                  <label key={o}>
                    <input
                      type="checkbox"
                      checked={setup.options.includes(o)}
                      onChange={(e) => set({ options: e.target.checked ? [...setup.options, o] : setup.options.filter((x) => x !== o) })}
                    />{' '}
                    {o}
                  </label>
                ))}
              </fieldset>
            )}
            {formError && (
              <p className="form-error" role="alert" data-testid="sweep-form-error">
                {formError}
              </p>
            )}
          </div>
        )}
      </div>
      {status.kind === 'error' && (
        <p role="alert" className="error-banner" data-testid="sweep-error">
          {status.message}
        </p>
      )}
      {plan && (
        <figure
          className="chart"
          data-testid="sweep-chart"
          data-lines={lines.length}
          data-points={nPoints}
          data-errorbars={bars.length}
          data-log-x={useLogX}
          data-log-y={useLogY}
        >
          <div className="sweep-axes-toggles">
            <label>
              <input type="checkbox" checked={useLogX} disabled={!canLogX} data-testid="sweep-log-x" onChange={(e) => setLogX(e.target.checked)} /> {i18n._({ id: 'sweep.log-x', message: 'log x' })}
            </label>
            <label>
              <input type="checkbox" checked={useLogY} disabled={!canLogY} data-testid="sweep-log-y" onChange={(e) => setLogY(e.target.checked)} /> {i18n._({ id: 'sweep.log-y', message: 'log y' })}
            </label>
          </div>
          <svg ref={figure} viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={sweepMsg.against(metricName, knobName)} className="chart-axes sweep-axes">
            {y.ticks(5).map((t) => (
              <g key={`y${t}`}>
                <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="var(--grid, #ddd)" />
                <text className="tick" x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                  {y.tickFormat(5)(t)}
                </text>
              </g>
            ))}
            {xs.map((v) => (
              <text key={`x${v}`} className="tick" x={x(v)} y={H - M.bottom + 16} textAnchor="middle">
                {v}
              </text>
            ))}
            <text className="axis-label" x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
              {knobName}
              {useLogX ? i18n._({ id: 'sweep.log-scale', message: ' (log scale)' }) : ''}
            </text>
            <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">
              {metricName}
              {useLogY ? i18n._({ id: 'sweep.log-short', message: ' (log)' }) : ''}
            </text>
            {lines.map((l, i) => {
              // Bars of different lines at one value are set a few pixels apart so none hides another.
              const dodge = (i - (lines.length - 1) / 2) * 5;
              return (
              <g key={l.algorithm} data-algorithm={l.algorithm} data-points={l.points.length}>
                <path d={path(l.points) ?? ''} fill="none" stroke={colorFor(i)} strokeWidth={2} />
                {l.points.map((p) => (
                  <g key={p.x}>
                    {p.n > 1 && (
                      // The 95 % confidence interval of the mean over the seeds, with caps.
                      <g className="errorbar" data-testid="sweep-errorbar" stroke={colorFor(i)} strokeWidth={1.5} data-lo={p.y - p.ci} data-hi={p.y + p.ci}>
                        <line x1={x(p.x) + dodge} x2={x(p.x) + dodge} y1={clampY(p.y - p.ci)} y2={clampY(p.y + p.ci)} />
                        <line x1={x(p.x) + dodge - 4} x2={x(p.x) + dodge + 4} y1={clampY(p.y - p.ci)} y2={clampY(p.y - p.ci)} />
                        <line x1={x(p.x) + dodge - 4} x2={x(p.x) + dodge + 4} y1={clampY(p.y + p.ci)} y2={clampY(p.y + p.ci)} />
                      </g>
                    )}
                    <circle cx={x(p.x)} cy={y(p.y)} r={3.5} fill={colorFor(i)}>
                      <title>
                        {`${l.algorithm}, ${knobName} = ${p.x}: ${p.y.toPrecision(4)}` +
                          (p.n > 1
                            ? i18n._({
                                id: 'sweep.point-ci',
                                message: ' ± {ci} (95 % CI over {n} seeds; range {min}–{max})',
                                values: { ci: p.ci.toPrecision(2), n: p.n, min: p.min.toPrecision(4), max: p.max.toPrecision(4) },
                              })
                            : i18n._({ id: 'sweep.point-one', message: ' (1 seed)' }))}
                      </title>
                    </circle>
                  </g>
                ))}
              </g>
              );
            })}
          </svg>
          <ul className="legend" aria-label={i18n._({ id: 'sweep.algorithms', message: 'Algorithms' })}>
            {lines.map((l, i) => (
              <li key={l.algorithm}>
                <span className="swatch" style={{ borderColor: colorFor(i) }} aria-hidden="true" />
                {l.algorithm}
              </li>
            ))}
          </ul>
          <SweepData lines={lines} knobName={knobName} metricName={metricName} />
          {status.kind === 'done' && (
            <div className="export-row" role="group" aria-label={sweepMsg.exportLabel()} data-testid="sweep-export">
              <button type="button" data-testid="sweep-export-csv" onClick={() => { const e = exported(); if (e) downloadText(`${fileBase}.csv`, sweepCsv(e), 'text/csv'); }}>
                {sweepMsg.csv()}
              </button>
              <button type="button" data-testid="sweep-export-json" onClick={() => { const e = exported(); if (e) downloadText(`${fileBase}.json`, sweepJson(e), 'application/json'); }}>
                {sweepMsg.json()}
              </button>
              <button type="button" data-testid="sweep-export-svg" onClick={() => saveFigure('svg')}>
                {sweepMsg.svg()}
              </button>
              <button type="button" data-testid="sweep-export-png" onClick={() => saveFigure('png')}>
                {sweepMsg.png()}
              </button>
            </div>
          )}
          {seedsPerPoint > 1 && (
            <figcaption className="muted" data-testid="sweep-caption">
              {i18n._({
                id: 'sweep.caption',
                message: "Each point is the mean over {seeds} seeds; bars are the 95 % confidence interval of the mean (Student's t).",
                values: { seeds: seedsPerPoint },
              })}
              {noSpread &&
                ` ${i18n._({ id: 'sweep.no-spread', message: 'Every seed gave the same result: nothing in this scenario is random (add loss or jitter to see a spread).' })}`}
            </figcaption>
          )}
        </figure>
      )}
    </section>
  );
}

/** The `name` a scenario's text gives itself (an edited scenario keeps its own), or null. */
function ownName(text: string | undefined): string | null {
  try {
    const name: unknown = text ? (JSON.parse(text) as { name?: unknown }).name : null;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  } catch {
    return null;
  }
}
