// The paper's figures, live: run a preset's sweep (one knob over a list of values × the
// algorithms × seeds) in a few Web Workers and plot the metric against the knob, one line per
// algorithm, the mean over seeds. The sweep itself is declared in the preset and expanded by
// the engine (scenario/sweep.rs), exactly as `netlab sweep` does natively.
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { useMemo, useState } from 'react';
import { knobWords, metricWords } from '../lib/labels';
import { colorFor } from '../lib/palette';
import { PRESET_FILES, hasSweep } from '../presets';
import { currentPreset } from '../store/state';
import { useLab } from '../store/store';
import { type Line, type PointResult, aggregate, wantsLogScale } from '../sweep/aggregate';
import { poolSize, runJobs, useSweepPool } from '../sweep/pool';
import type { SweepIn, SweepOut, SweepPlan } from '../sweep/protocol';

const WORKERS = poolSize();
const W = 640;
const H = 300;
const M = { top: 12, right: 16, bottom: 42, left: 60 };

type Status = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'done'; total: number } | { kind: 'error'; message: string };

export function SweepPanel() {
  const presetName = useLab((s) => s.presetName);
  const variant = useLab((s) => s.variant);
  const edits = useLab((s) => s.knobEdits);
  const knobs = useLab((s) => currentPreset(s)?.knobs);
  const text = PRESET_FILES.find((f) => f.file === presetName)?.text;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [plan, setPlan] = useState<SweepPlan | null>(null);
  const [results, setResults] = useState<(number | null | undefined)[]>([]);
  // A new preset, variant or knob setting invalidates the figure.
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

  if (!text || !hasSweep(text)) return null;

  const start = () => {
    stop();
    const workers = pool.start(WORKERS);
    const first = workers[0]!;
    setStatus({ kind: 'running', done: 0, total: 0 });
    setResults([]);
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
    const msg: SweepIn = { type: 'plan', id: 0, presetText: text, variant, settings: edits };
    first.postMessage(msg);
  };

  const xs = plan ? [...new Set(plan.points.map((p) => p.value).filter((v): v is number => typeof v === 'number'))] : [];
  const log = wantsLogScale(xs);
  const xDomain: [number, number] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  const x = (log ? scaleLog() : scaleLinear()).domain(xDomain).range([M.left, W - M.right]);
  const ys = lines.flatMap((l) => l.points.map((p) => p.y));
  const yMax = Math.max(1e-9, ...ys);
  const y = scaleLinear().domain([0, plan?.metric === 'jain' || plan?.metric === 'utilization' ? Math.max(1, yMax) : yMax * 1.1]).nice().range([H - M.bottom, M.top]);
  const path = line<{ x: number; y: number }>().x((p) => x(p.x)).y((p) => y(p.y));
  const nPoints = lines.reduce((n, l) => n + l.points.length, 0);
  const running = status.kind === 'running';
  // Axis and title in words with units ("Bottleneck buffer (BDP)", "Jain's index").
  const knobName = plan?.knob ? knobWords(knobs, plan.knob) : 'knob';
  const metricName = metricWords(plan?.metric);

  return (
    <section className="panel sweep" data-testid="sweep" data-status={status.kind} aria-label="Sweep">
      <div className="sweep-head">
        <h2>
          Sweep: {metricName} vs {knobName}
        </h2>
        <button type="button" data-testid="sweep-run" onClick={start} disabled={running}>
          {running ? 'Sweeping…' : 'Run sweep'}
        </button>
        <span data-testid="sweep-progress" className="muted">
          {status.kind === 'running' && status.total > 0 && `${status.done} / ${status.total} runs`}
          {status.kind === 'done' && `${status.total} runs, mean over seeds`}
          {status.kind === 'idle' && `every value × algorithm × seed of the preset's sweep, in ${WORKERS} worker${WORKERS > 1 ? 's' : ''}`}
        </span>
      </div>
      {status.kind === 'error' && (
        <p role="alert" className="error-banner" data-testid="sweep-error">
          {status.message}
        </p>
      )}
      {plan && (
        <figure className="chart" data-testid="sweep-chart" data-lines={lines.length} data-points={nPoints}>
          <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${metricName} against ${knobName}`} className="chart-axes sweep-axes">
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
              {log ? ' (log scale)' : ''}
            </text>
            <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">
              {metricName}
            </text>
            {lines.map((l, i) => (
              <g key={l.algorithm} data-algorithm={l.algorithm} data-points={l.points.length}>
                <path d={path(l.points) ?? ''} fill="none" stroke={colorFor(i)} strokeWidth={2} />
                {l.points.map((p) => (
                  <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3.5} fill={colorFor(i)}>
                    <title>{`${l.algorithm}, ${knobName} = ${p.x}: ${p.y.toFixed(4)} (${p.n} seed${p.n > 1 ? 's' : ''})`}</title>
                  </circle>
                ))}
              </g>
            ))}
          </svg>
          <ul className="legend" aria-label="Algorithms">
            {lines.map((l, i) => (
              <li key={l.algorithm}>
                <span className="swatch" style={{ borderColor: colorFor(i) }} aria-hidden="true" />
                {l.algorithm}
              </li>
            ))}
          </ul>
        </figure>
      )}
    </section>
  );
}
