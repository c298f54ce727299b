// The A/B compare view: the lab's scenario and seed run once per value of any one knob (an
// option such as cc, scheduler or flow_sched, or a number such as the buffer size), 2–4
// columns side by side on one simulated clock — the lab's run pipeline with one column per
// value (sim/pipeline.ts) — each with the lab's own charts (cwnd, queue, throughput, Jain's
// index: components/Charts.tsx reading the column through a RunSource) on a shared time axis
// and y scale, and a short summary; then a difference table of each column against column A
// (the baseline). With a second knob (a 2×2, issue 32 §4) the columns are every pair of the two
// knobs' values (compare/choice.ts choiceColumns); headers name both, and a note says which
// knob(s) each column changed against A.
import { useLingui } from '@lingui/react';
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';
import { stateText } from '../components/RunControls';
import { localText, presetTitle } from '../i18n/localText';
import { type CompareExport, compareCsv, compareJson } from '../compare/export';
import * as exportMsg from '../compare/exportMessages';
import { compareMsg } from '../compare/messages';
import { downloadText } from '../lib/download';
import { useEffect, useId, useMemo } from 'react';
import { makeBaselineName } from '../a11y/messages';
import {
  COLUMN_NAMES,
  GRID_VALUES,
  MAX_COLUMNS,
  MIN_COLUMNS,
  type ColumnSetting,
  type CompareChoice,
  choiceError,
  differsFromA,
  compareKnobs,
  defaultChoice,
  firstCompareKnob,
  formatChoiceParam,
  makeBaseline,
  sweepAlgorithmsFor,
  toggleValue,
  withFirst,
  withSecond,
} from '../compare/choice';
import { secondMsg } from '../compare/twoKnobMessages';
import { compare, useCompare } from '../compare/controller';
import { matchesLoaded } from '../compare/state';
import { type DiffRow, SAME_TOLERANCE, diffRows, formatDelta, formatRelative, formatValue } from '../compare/diff';
import { Chart, PLAIN_LINES, type RunSource, RunSourceProvider, chartGuides, chartSeries, seriesTop } from '../components/Charts';
import { CHARTS, COMPARE_CHARTS } from '../charts/catalogue';
import type { ChartKind } from '../generated';
import { SpeedSelect } from '../components/RunControls';
import { formatBytes, formatInt, formatJain, formatMbps, formatPercent, formatSeconds } from '../lib/format';
import { readParam, writeAddress } from '../lib/addressBar';
import { keyAction } from '../lib/keys';
import { settingWords } from '../lib/labels';
import { lab } from '../sim/controller';
import { SeriesStore } from '../sim/seriesStore';
import { allSummaries, timeSpan } from '../store/run';
import { currentPreset } from '../store/state';
import { labStore, useLab } from '../store/store';
import { setView, uiStore } from '../store/ui';
import type { Knob, Summary, TimeWindow } from '../types';
import { jainScoresRun } from '../charts/relevance';

const zoom = (w: TimeWindow) => compare.zoom(w);

/** Picks the choice for the lab's scenario: the URL's (once), else a sensible default. */
function useChoiceForScenario(): void {
  const presetName = useLab((s) => s.presetName);
  const preset = useLab(currentPreset);
  const scenario = useCompare((s) => s.scenario);
  useEffect(() => {
    if (!presetName || !preset || scenario === presetName) return;
    const fromUrl = compare.pendingUrlChoice;
    compare.pendingUrlChoice = null;
    if (fromUrl) {
      compare.choose(presetName, fromUrl);
      return;
    }
    const knob = firstCompareKnob(preset);
    if (!knob) {
      compare.choose(presetName, null);
      return;
    }
    // The preset's declared sweep (its text, fetched on first use) names the lines to compare.
    let live = true;
    void lab.loadText(presetName).then((text) => {
      if (live) compare.choose(presetName, firstChoice(text, knob));
    });
    return () => {
      live = false;
    };
  }, [presetName, preset, scenario]);
}

/** A first comparison of `knob`, starting from the value the lab runs now. */
function firstChoice(presetText: string | undefined, knob: Knob): CompareChoice {
  return defaultChoice(knob, labStore.getState().knobValues[knob.name], sweepAlgorithmsFor(presetText, knob.name));
}

/** Keeps `?view=compare&compare=knob:a,b` in the address bar while the view is open. */
function useUrlSync(param: string | null): void {
  useEffect(() => writeAddress({ params: { view: 'compare', compare: param } }), [param]);
  useEffect(
    () => () => {
      // Leaving the view: the address bar no longer opens it (setView has already named the
      // view shown next; its comparison goes with it).
      writeAddress({ params: { compare: null, ...(readParam('view') === 'compare' ? { view: null } : {}) } });
    },
    [],
  );
}

/** Space runs or pauses, R restarts, while this view is shown (not while typing). */
function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (uiStore.getState().view !== 'compare') return;
      const action = keyAction(e, e.target instanceof Element ? (e.target as HTMLElement) : null);
      if (action === 'toggle') {
        e.preventDefault();
        if (compare.problem() === null) compare.togglePlay();
      } else if (action === 'restart') {
        e.preventDefault();
        if (compare.problem() === null) compare.restart();
      } else if (action === 'held') {
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function Setup() {
  const preset = useLab(currentPreset);
  const variant = useLab((s) => s.variant);
  const seed = useLab((s) => s.seed);
  const edits = useLab((s) => s.knobEdits);
  const choice = useCompare((s) => s.choice);
  const scenario = useCompare((s) => s.scenario);
  const id = useId();
  const knobs = compareKnobs(preset);
  const knob = knobs.find((k) => k.name === choice?.knob);
  const knob2 = knobs.find((k) => k.name === choice?.second?.knob);
  const editList = Object.entries(edits).filter(([k]) => k !== choice?.knob && k !== choice?.second?.knob);
  if (!preset || scenario === null) return <p className="muted">{i18n._({ id: 'compare.loading-the-engine', message: 'Loading the engine…' })}</p>;
  const setKnob = (name: string) => {
    const k = knobs.find((x) => x.name === name);
    if (k) compare.choose(preset.name, withFirst(choice, firstChoice(lab.presetText(preset.name), k)));
  };
  return (
    <section className="panel compare-setup" aria-label={i18n._({ id: 'compare.what-to-compare', message: 'What to compare' })} data-testid="compare-setup" data-knobs={knobs.length}>
      <p className="compare-scenario" data-testid="compare-scenario" data-preset={preset.name} data-variant={variant ?? 'full'} data-seed={seed}>
        <strong>{presetTitle(preset)}</strong> <code className="muted">{preset.name}</code> ·{' '}
        {i18n._({
          id: 'compare.run-seed',
          message: '{variant} run · seed',
          values: {
            variant:
              variant === undefined || variant === null || variant === 'full'
                ? i18n._({ id: 'knob.variant.full', message: 'full' })
                : variant === 'quick'
                  ? i18n._({ id: 'knob.variant.quick', message: 'quick' })
                  : variant,
          },
        })}{' '}
        <label className="sr-only" htmlFor={`${id}-seed`}>
          {i18n._({ id: 'compare.seed-the-lab-s-every', message: "Seed (the lab's; every column uses it)" })}
        </label>
        <input
          id={`${id}-seed`}
          className="compare-seed"
          data-testid="compare-seed"
          type="number"
          min={0}
          step={1}
          value={seed}
          onChange={(e) => {
            const v = Number(e.target.value);
            if (e.target.value !== '' && Number.isInteger(v) && v >= 0) lab.setSeed(v);
          }}
        />
        {editList.length > 0 && (
          <span className="muted">
            {' '}
            {i18n._({ id: 'compare.lab-settings', message: '· lab settings:' })}{' '}{editList.map(([k, v]) => `${k}=${v}`).join(', ')}
          </span>
        )}{' '}
        <button type="button" className="link-button compare-to-lab" onClick={() => setView('lab')}>
          {i18n._({ id: 'compare.change-in-the-lab', message: 'change in the lab' })}
        </button>
      </p>
      {knobs.length === 0 ? (
        <p className="compare-problem" role="status" data-testid="compare-no-knob">
          {i18n._({ id: 'compare.this-scenario-has-no-knob', message: 'This scenario has no knob (no option such as cc, scheduler or flow_sched, and no number such as the buffer size), so there is nothing to compare. Pick another preset in the lab or the preset gallery.' })}
        </p>
      ) : (
        <div className="compare-choice">
          <label className="field compact" htmlFor={`${id}-knob`}>
            <span>{i18n._({ id: 'compare.compare', message: 'Compare' })}</span>
            <select id={`${id}-knob`} data-testid="compare-knob" value={choice?.knob ?? ''} onChange={(e) => setKnob(e.target.value)}>
              {!knob && <option value={choice?.knob ?? ''}>{choice?.knob ?? '—'}</option>}
              <KnobOptions knobs={knobs} />
            </select>
          </label>
          {knob && choice && (
            <KnobValuesEditor knob={knob} values={choice.values} grid={!!choice.second} testPrefix="compare" onChange={(values) => compare.choose(preset.name, { ...choice, values })} />
          )}
          {choice && knob && <SecondKnob presetName={preset.name} knobs={knobs} choice={choice} />}
        </div>
      )}
      <p className="muted compare-seed-note" data-testid="compare-seed-note" data-seed={seed}>
        {knob2 && knob ? secondMsg.controlled(seed, localText(knob.label).toLowerCase(), localText(knob2.label).toLowerCase()) : i18n._({
          id: 'compare.controlled',
          message: 'Every column runs seed {seed}: a controlled experiment, in which only {knob} differs between the columns.',
          values: { seed, knob: knob ? localText(knob.label).toLowerCase() : i18n._({ id: 'compare.the-knob', message: 'the compared knob' }) },
        })}
      </p>
    </section>
  );
}

/** A knob selector's options: each knob by its label, a number knob with its unit. */
function KnobOptions({ knobs }: { knobs: readonly Knob[] }) {
  return (
    <>
      {knobs.map((k) => (
        <option key={k.name} value={k.name}>
          {localText(k.label)}
          {k.kind !== 'enum' && k.unit ? ` (${unitText(i18n, k.unit)})` : ''}
        </option>
      ))}
    </>
  );
}

/**
 * The second knob of a 2×2 (issue 32 §4): none, or any other comparable knob; picking one
 * proposes two of its values as the first knob does, and its values are edited the same way.
 */
function SecondKnob({ presetName, knobs, choice }: { presetName: string; knobs: Knob[]; choice: CompareChoice }) {
  const id = useId();
  const second = choice.second ?? null;
  const knob2 = knobs.find((k) => k.name === second?.knob);
  const others = knobs.filter((k) => k.name !== choice.knob);
  const pick = (name: string) => {
    const k = others.find((x) => x.name === name);
    compare.choose(presetName, withSecond(choice, k ? firstChoice(lab.presetText(presetName), k) : null));
  };
  if (others.length === 0) return null;
  return (
    <>
      <label className="field compact" htmlFor={`${id}-knob2`}>
        <span>{secondMsg.label()}</span>
        <select id={`${id}-knob2`} data-testid="compare-knob2" value={second?.knob ?? ''} onChange={(e) => pick(e.target.value)}>
          <option value="">{secondMsg.none()}</option>
          {second && !knob2 && <option value={second.knob}>{second.knob}</option>}
          <KnobOptions knobs={others} />
        </select>
      </label>
      {second && knob2 && (
        <KnobValuesEditor knob={knob2} values={second.values} grid testPrefix="compare2" onChange={(values) => compare.choose(presetName, { ...choice, second: { knob: knob2.name, values } })} />
      )}
    </>
  );
}

/**
 * One compared knob's values: an option knob's as checkboxes (the order checked is the column
 * order; "make A" moves one first), a number knob's as one input per value, typed freely and
 * checked by choiceError (a number, in the knob's range, each value once). Alone, each value is
 * a column (2–4, lettered); in a 2×2 (`grid`) each knob has GRID_VALUES values and the columns
 * are their pairs, so the values carry no letter.
 */
function KnobValuesEditor({ knob, values, grid, testPrefix, onChange }: { knob: Knob; values: string[]; grid: boolean; testPrefix: string; onChange: (values: string[]) => void }) {
  const max = grid ? GRID_VALUES : MAX_COLUMNS;
  const letter = (i: number) => (grid || i < 0 ? null : <span className="compare-letter">{COLUMN_NAMES[i] ?? '?'}</span>);
  if (knob.kind === 'enum') {
    return (
      <fieldset className="compare-values" data-testid={`${testPrefix}-values`} data-kind="option">
        <legend>
          {grid ? secondMsg.legend(localText(knob.label)) : i18n._({ id: 'compare.values-range', message: 'Values, {min}–{max} (one column each; A is the baseline)', values: { min: MIN_COLUMNS, max: MAX_COLUMNS } })}
        </legend>
        {(knob.options ?? []).map((o) => {
          const col = values.indexOf(o);
          return (
            <span key={o} className={col >= 0 ? 'compare-value on' : 'compare-value'}>
              <label>
                <input type="checkbox" data-testid={`${testPrefix}-value-${o}`} checked={col >= 0} onChange={() => onChange(toggleValue(values, o))} /> {letter(col)} {o}
              </label>
              {col > 0 && (
                <button type="button" className="link-button compare-baseline" data-testid={`${testPrefix}-baseline-${o}`} onClick={() => onChange(makeBaseline(values, o))} aria-label={makeBaselineName(o)}>
                  {i18n._({ id: 'compare.make-a', message: 'make A' })}
                </button>
              )}
            </span>
          );
        })}
      </fieldset>
    );
  }
  const unit = knob.unit ? ` ${unitText(i18n, knob.unit)}` : '';
  const range =
    knob.min !== undefined || knob.max !== undefined
      ? i18n._({ id: 'compare.range', message: ' from {min} to {max}{unit}', values: { min: knob.min ?? '−∞', max: knob.max ?? '∞', unit } })
      : '';
  return (
    <fieldset className="compare-values" data-testid={`${testPrefix}-values`} data-kind="number">
      <legend>
        {grid
          ? secondMsg.legend(`${localText(knob.label)}${range}`)
          : i18n._({
              id: 'compare.values-range-of',
              message: 'Values{range}, {min}–{max} (one column each; A is the baseline)',
              values: { range, min: MIN_COLUMNS, max: MAX_COLUMNS },
            })}
      </legend>
      {values.map((v, i) => (
        <span key={i} className="compare-value on">
          <label>
            {letter(i)}{' '}
            <input
              className="compare-number"
              data-testid={`${testPrefix}-number-${i}`}
              type="number"
              inputMode="decimal"
              min={knob.min}
              max={knob.max}
              step={knob.step ?? (knob.kind === 'integer' ? 1 : 'any')}
              value={v}
              aria-label={
                grid
                  ? secondMsg.valueLabel(localText(knob.label), i + 1)
                  : i18n._({ id: 'compare.column', message: '{v0}, column {v1}', values: { v0: localText(knob.label), v1: COLUMN_NAMES[i] ?? i + 1 } })
              }
              onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
            />
            {unit}
          </label>
          {values.length > MIN_COLUMNS && (
            <button
              type="button"
              className="link-button"
              data-testid={`${testPrefix}-remove-${i}`}
              onClick={() => onChange(values.filter((_, j) => j !== i))}
              aria-label={grid ? secondMsg.removeValue(localText(knob.label), v) : i18n._({ id: 'compare.remove-column', message: 'Remove column {v0}', values: { v0: COLUMN_NAMES[i] } })}
            >
              {i18n._({ id: 'compare.remove', message: 'remove' })}
            </button>
          )}
        </span>
      ))}
      {values.length < max && (
        <button type="button" className="link-button" data-testid={`${testPrefix}-add-value`} onClick={() => onChange([...values, values[values.length - 1] ?? ''])}>
          {i18n._({ id: 'compare.add-a-column', message: '+ add a column' })}
        </button>
      )}
    </fieldset>
  );
}

/** `quietProblem`: the setup above already explains it (no knob at all); keep it for AT only. */
function Controls({ problem, quietProblem }: { problem: string | null; quietProblem: boolean }) {
  const run = useCompare((s) => s.run);
  const speed = useCompare((s) => s.speed);
  const clock = useCompare((s) => s.simTime);
  const duration = useCompare(timeSpan);
  const runId = useCompare((s) => s.runId);
  const presetName = useLab((s) => s.presetName);
  const seed = useLab((s) => s.seed);
  const variant = useLab((s) => s.variant);
  const knobEdits = useLab((s) => s.knobEdits);
  const same = useCompare((s) => matchesLoaded(s, { presetName, seed, variant, knobEdits }));
  const id = useId();
  const running = run === 'running';
  const progress = duration > 0 ? Math.min(1, clock / duration) : 0;
  return (
    <section className="controls compare-controls" aria-label={i18n._({ id: 'compare.comparison-controls', message: 'Comparison controls' })} data-testid="compare-controls">
      <div className="buttons">
        {running ? (
          <button type="button" className="primary" data-testid="compare-pause" onClick={() => compare.pause()} aria-keyshortcuts="Space">
            {i18n._({ id: 'compare.pause', message: '❚❚ Pause' })}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            data-testid="compare-run"
            onClick={() => compare.run()}
            disabled={problem !== null || run === 'loading'}
            aria-keyshortcuts="Space"
            aria-describedby={problem !== null ? `${id}-problem` : undefined}
          >
            ▶{' '}
            {!same || (run !== 'paused' && run !== 'finished')
              ? i18n._({ id: 'compare.run', message: 'Run comparison' })
              : run === 'paused'
                ? i18n._({ id: 'compare.resume', message: 'Resume' })
                : i18n._({ id: 'compare.run-again', message: 'Run again' })}
          </button>
        )}
        <button type="button" data-testid="compare-restart" onClick={() => compare.restart()} disabled={problem !== null} aria-keyshortcuts="R" title={i18n._({ id: 'compare.back-to-t-0-paused', message: 'Back to t = 0, paused (R)' })}>
          {i18n._({ id: 'compare.restart', message: '↺ Restart' })}
        </button>
        <SpeedSelect testId="compare-speed" speed={speed} onSpeed={(v) => compare.setSpeed(v)} />
        <ShareButton />
      </div>
      <div className="time">
        <output data-testid="compare-clock" data-sim-time={clock} aria-live="off">
          t = {formatSeconds(clock)} <span className="muted">/ {formatSeconds(duration)}</span>
        </output>
        <progress max={1} value={progress} aria-label={i18n._({ id: 'compare.simulated-time-progress-of-every', message: 'Simulated time progress of every column' })} />
        <span className={`badge state-${run}`} data-testid="compare-state" data-run-id={runId}>
          {stateText(i18n, run, false)}
        </span>
      </div>
      <p className="hint" data-testid="compare-lab-note">
        {i18n._({ id: 'compare.running-the-comparison-pauses-the', message: "Running the comparison pauses the lab's own run, so the columns get the processor; Play in the Lab tab resumes it." })}
      </p>
      {problem !== null && (
        <p className="compare-problem" role="status" id={`${id}-problem`} data-testid="compare-problem" hidden={quietProblem}>
          {problem}
        </p>
      )}
    </section>
  );
}

/** A link that opens this comparison: the lab's share link (scenario + seed) plus the choice. */
function ShareButton() {
  const shareUrl = useLab((s) => s.shareUrl);
  const loaded = useLab((s) => s.runId > 0);
  const view = useCompare((s) => (s.choice ? formatChoiceParam(s.choice) : null));
  const url = shareUrl && view && shareUrl.includes(`compare=${encodeURIComponent(view)}`) ? shareUrl : null;
  return (
    <>
      <button type="button" data-testid="compare-share" onClick={() => lab.share()} disabled={!loaded} title={i18n._({ id: 'compare.a-link-that-opens-this', message: 'A link that opens this comparison of this exact scenario and seed' })}>
        {i18n._({ id: 'compare.copy-link', message: 'Copy link' })}
      </button>
      {url && (
        <input className="share-url" data-testid="compare-share-url" readOnly value={url} aria-label={i18n._({ id: 'compare.link-to-this-comparison', message: 'Link to this comparison' })} onFocus={(e) => e.currentTarget.select()} />
      )}
    </>
  );
}

/** An empty series list for a column whose store is not there (yet). */
const NO_SERIES = new SeriesStore(1);
const zoomTo = (w: TimeWindow) => zoom(w);
const noColor = () => '';

/**
 * The y-axis top of each chart kind, shared by every column (the largest value any column
 * plots, guides included), so the columns read against one scale: the catalogue's y-axis rule
 * (charts/catalogue.ts) says which kinds share a top and which have a fixed one.
 */
function sharedTops(stores: readonly SeriesStore[], duration: number, settled: boolean): Partial<Record<ChartKind, number>> {
  const tops: Partial<Record<ChartKind, number>> = {};
  for (const kind of COMPARE_CHARTS) {
    const spec = CHARTS[kind];
    if (spec.yAxis.kind === 'fixed') tops[kind] = spec.yAxis.top;
    if (spec.yAxis.kind !== 'shared') continue;
    let top = 0;
    stores.forEach((store, i) => {
      const topology = compare.topologies[i] ?? null;
      const lines = chartSeries(spec, store, { topology, color: noColor, duration, settled });
      top = Math.max(top, seriesTop(lines), ...chartGuides(spec, lines, topology).map((g) => g.value));
    });
    tops[kind] = top > 0 ? top * 1.05 : 0;
  }
  return tops;
}

/** Column `i` as a run the lab's charts can read (its series, its network, `compare-*-A` ids). */
function columnSource(i: number, name: string, tops: Partial<Record<ChartKind, number>>): RunSource {
  return {
    useRun: useCompare,
    useTopology: () => compare.topologies[i] ?? null,
    series: () => compare.stores[i] ?? NO_SERIES,
    onWindow: zoomTo,
    testId: (kind) => `compare-${kind}-${name}`,
    yTop: (kind) => (tops[kind] ?? 0) > 0 ? tops[kind] : undefined,
  };
}

/** The last value of the column's Jain's-index series (its summary's once it ended). */
function columnJain(store: SeriesStore | undefined, summary: Summary | null): number | null {
  if (summary) return summary.jain ?? null;
  const last = store ? chartSeries(CHARTS.jain, store, PLAIN_LINES)[0]?.buf.lastV : undefined;
  return last !== undefined && Number.isFinite(last) ? last : null;
}

/** A column's key numbers (at the end, or at a pause): the full comparison is the table below. */
function ColumnSummary({ name, summary, final }: { name: string; summary: Summary | null; final: boolean }) {
  if (!summary) return null;
  const goodput = summary.flows.reduce((n, f) => n + (f.goodput_mbps ?? 0), 0);
  const drops = summary.links.reduce((n, l) => n + (l.drops ?? 0), 0);
  const maxQueue = Math.max(0, ...summary.links.map((l) => l.max_queue_bytes ?? 0));
  const util = Math.max(0, ...summary.links.map((l) => l.utilization ?? 0));
  const retx = summary.flows.reduce((n, f) => n + (f.retransmitted_packets ?? 0), 0);
  return (
    <dl
      className="compare-summary"
      data-testid="compare-summary"
      data-column={name}
      data-final={final}
      data-jain={summary.jain ?? ''}
      data-goodput={goodput}
      data-drops={drops}
      data-max-queue={maxQueue}
      data-utilization={util}
      data-retransmitted={retx}
    >
      {/* Not for a flow-scheduler run: its index is over the background flows (charts/relevance.ts). */}
      {jainScoresRun(summary) && (
        <div data-testid="compare-summary-jain">
          <dt>{i18n._({ id: 'compare.jain-s-index', message: "Jain's index" })}</dt>
          <dd>{formatJain(summary.jain)}</dd>
        </div>
      )}
      <div>
        <dt>{i18n._({ id: 'compare.total-goodput', message: 'total goodput' })}</dt>
        <dd>{formatMbps(goodput)} Mbit/s</dd>
      </div>
      <div>
        <dt>{i18n._({ id: 'compare.bottleneck-utilisation', message: 'bottleneck utilisation' })}</dt>
        <dd>{formatPercent(util)}</dd>
      </div>
      <div>
        <dt>{i18n._({ id: 'compare.largest-queue', message: 'largest queue' })}</dt>
        <dd>{formatBytes(maxQueue)}</dd>
      </div>
      <div>
        <dt>{i18n._({ id: 'compare.drops', message: 'drops' })}</dt>
        <dd>{formatInt(drops)}</dd>
      </div>
      <div>
        <dt>{i18n._({ id: 'compare.retransmitted', message: 'retransmitted' })}</dt>
        <dd>{formatInt(retx)}</dd>
      </div>
    </dl>
  );
}

function Columns() {
  const columns = useCompare((s) => s.columns);
  const settings = useCompare((s) => s.settings);
  const version = useCompare((s) => s.seriesVersion);
  const duration = useCompare((s) => s.duration);
  const settled = useCompare((s) => s.run !== 'running');
  const paused = useCompare((s) => s.summariesAt !== null);
  const knobs = useLab((s) => currentPreset(s)?.knobs);
  const tops = useMemo(() => sharedTops(compare.stores, duration, settled), [version, columns.length, duration, settled]);
  const sources = useMemo(() => columns.map((_, i) => columnSource(i, COLUMN_NAMES[i] ?? String(i + 1), tops)), [columns.length, tops]);
  if (columns.length === 0) return null;
  return (
    <div className="compare-columns" data-testid="compare-columns" data-count={columns.length} style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}>
      {columns.map((c, i) => {
        const name = COLUMN_NAMES[i] ?? String(i + 1);
        const set = settings[i] ?? [];
        const value = set[0]?.value ?? '';
        const words = columnWords(knobs, set);
        const jain = columnJain(compare.stores[i], c.finished || paused ? c.summary : null);
        return (
          <section
            key={`${i}-${set.map((x) => x.value).join('|')}`}
            className="panel compare-column"
            data-testid="compare-column"
            data-column={name}
            data-value={value}
            data-value2={set[1]?.value}
            data-sim-time={c.now}
            data-events={c.events}
            data-finished={c.finished}
            data-jain={jain ?? ''}
            aria-label={i18n._({ id: 'compare.column-2', message: 'Column {name}: {words}', values: { name, words } })}
          >
            <header className="compare-column-head">
              <h3>
                <span className="compare-letter">{name}</span> {words}
                {i === 0 && <span className="tag">{' '}{i18n._({ id: 'compare.baseline', message: 'baseline' })}</span>}
              </h3>
              <span className="muted">
                t = {formatSeconds(c.now)} · {i18n._({ id: 'compare.events-jain', message: '{events} events · Jain {jain}', values: { events: formatInt(c.events), jain: formatJain(jain) } })}
                {c.finished ? ` · ${i18n._({ id: 'compare.done', message: 'done' })}` : ''}
              </span>
            </header>
            <RunSourceProvider value={sources[i]!}>
              {COMPARE_CHARTS.map((kind) => (
                <Chart key={kind} kind={kind} />
              ))}
            </RunSourceProvider>
            {/* Under the charts, so they do not move when the summaries arrive. */}
            <ColumnSummary name={name} summary={c.summary} final={c.finished} />
          </section>
        );
      })}
    </div>
  );
}

/** A column's compared settings in words ("Congestion control = bbr · Buffer = 0.5 BDP"). */
function columnWords(knobs: readonly Knob[] | undefined, set: readonly ColumnSetting[]): string {
  return set
    .map(({ knob, value }) => {
      const numeric = knobs?.find((k) => k.name === knob)?.kind !== 'enum';
      return settingWords(knobs, knob, numeric && value !== '' ? Number(value) : value);
    })
    .join(' · ');
}

/** A difference's verdict in words (the cell's hover text and its screen-reader words). */
function verdictText(verdict: 'better' | 'worse' | 'same' | 'neutral' | 'missing'): string {
  switch (verdict) {
    case 'better':
      return i18n._({ id: 'compare.better', message: 'better' });
    case 'worse':
      return i18n._({ id: 'compare.worse', message: 'worse' });
    case 'same':
      return i18n._({ id: 'compare.same', message: 'within {pct} % of A: no verdict', values: { pct: SAME_TOLERANCE * 100 } });
    case 'missing':
      return i18n._({ id: 'compare.missing', message: 'missing' });
    default:
      return '';
  }
}

function DiffTable() {
  const columns = useCompare((s) => s.columns);
  const summaries = useMemo(() => allSummaries({ columns }), [columns]);
  const final = useCompare((s) => s.run === 'finished');
  const at = useCompare((s) => s.summariesAt ?? s.simTime);
  const settings = useCompare((s) => s.settings);
  const knobs = useLab((s) => currentPreset(s)?.knobs);
  // The compared knobs, by name: the first column's settings name them in order.
  const compared = (settings[0] ?? []).map((x) => x.knob);
  const knob = compared[0] ?? '';
  const knob2 = compared[1] ?? null;
  const run = useCompare((s) => s.run);
  const labSettings = useLab((s) => s.knobValues);
  const labVariant = useLab((s) => s.variant);
  const labSeed = useLab((s) => s.seed);
  const scenarioName = useLab((s) => currentPreset(s)?.name ?? 'scenario');
  useCompare((s) => s.seriesVersion);
  const rows: DiffRow[] = useMemo(() => (summaries ? diffRows(summaries) : []), [summaries]);
  const live = columns.map((_, i) => columnJain(compare.stores[i], null));
  const words = (i: number) => columnWords(knobs, settings[i] ?? []);
  const valuesOf = (k: number) => settings.map((set) => set[k]?.value ?? '');
  // What the export files say was compared: the other knobs' settings are shared by every column.
  const exported = (): CompareExport => ({
    scenario: scenarioName,
    variant: labVariant,
    seed: labSeed,
    knob,
    values: valuesOf(0),
    second: knob2 ? { knob: knob2, values: valuesOf(1) } : null,
    settings: Object.fromEntries(Object.entries(labSettings).filter(([k]) => !compared.includes(k))),
    rows,
  });
  const fileBase = `${scenarioName}-compare-${compared.join('-')}`.replace(/[^\w.-]+/g, '_');
  if (columns.length === 0) return null;
  return (
    <section className="panel compare-diff" data-testid="compare-diff" data-final={final} data-rows={rows.length} aria-label={i18n._({ id: 'compare.difference-summary', message: 'Difference summary' })}>
      <h2>{i18n._({ id: 'compare.difference-against-a', message: 'Difference against A' })}</h2>
      {summaries === null ? (
        <>
          <p className="muted">
            {run === 'running'
              ? i18n._({ id: 'compare.live-note', message: 'Live: Jain’s index so far. The full table appears when every column has finished (or at a pause).' })
              : i18n._({ id: 'compare.run-to-see', message: 'Run the comparison to see the differences.' })}
          </p>
          {live.some((j) => j !== null) && (
            <p data-testid="compare-live-jain">
              {live.map((jain, i) => {
                const d = i > 0 && jain !== null && live[0] !== null ? jain - live[0]! : null;
                return (
                  <span key={i} className="compare-live">
                    {COLUMN_NAMES[i]} Jain {formatJain(jain)}
                    {i > 0 && <span className={d === null ? '' : d > 0 ? 'delta better' : d < 0 ? 'delta worse' : 'delta'}> ({formatDelta(d, '', 3)})</span>}
                  </span>
                );
              })}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="muted" data-testid="compare-diff-when">
            {final
              ? i18n._({ id: 'compare.ran-to-end', message: 'Every column ran to the end ({at}), same seed.', values: { at: formatSeconds(at) } })
              : i18n._({ id: 'compare.paused-at', message: 'Paused at t = {at}: the runs so far (not final), same seed.', values: { at: formatSeconds(at) } })}{' '}
            {i18n._({
              id: 'compare.verdict-key',
              message:
                "Green is better, vermillion worse: higher Jain's index and throughput, lower completion time and latency. A difference under {pct} % of A's value gets no verdict (one seed's noise, not a better scheme). A flow's own goodput has no better direction.",
              values: { pct: SAME_TOLERANCE * 100 },
            })}
            {knob2 && <GridNote settings={settings} knobs={knobs} />}
          </p>
          <button
            type="button"
            data-testid="compare-export-csv"
            onClick={() => {
              const csv = compareCsv(exported());
              downloadText(`${fileBase}.csv`, csv, 'text/csv');
            }}
          >
            {compareMsg.exportTable()}
          </button>{' '}
          <button type="button" data-testid="compare-export-json" onClick={() => downloadText(`${fileBase}.json`, compareJson(exported()), 'application/json')}>
            {exportMsg.exportTableJson()}
          </button>
          <div className="table-scroll">
            <table className="compare-table" data-testid="compare-table">
              <thead>
                <tr>
                  <th scope="col">{i18n._({ id: 'compare.metric', message: 'metric' })}</th>
                  {columns.map((_, i) => (
                    <th scope="col" key={i}>
                      {COLUMN_NAMES[i]} · {words(i)}
                      {i > 0 ? ' (Δ vs A)' : ''}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.metric.id} data-testid="compare-row" data-metric={r.metric.id}>
                    <th scope="row">
                      {r.metric.label}
                      {r.metric.unit && <span className="muted"> ({r.metric.unit})</span>}
                    </th>
                    <td data-testid="compare-base" data-metric={r.metric.id} data-column="A" data-value={r.baseline ?? ''}>
                      {formatValue(r.baseline, '', r.metric.digits)}
                    </td>
                    {r.cells.map((cell, j) => {
                      const name = COLUMN_NAMES[j + 1] ?? String(j + 2);
                      const rel = formatRelative(cell.relative);
                      return (
                        <td
                          key={j}
                          className={`delta ${cell.verdict}`}
                          data-testid="compare-delta"
                          data-metric={r.metric.id}
                          data-column={name}
                          data-value={cell.value ?? ''}
                          data-delta={cell.delta ?? ''}
                          data-verdict={cell.verdict}
                          title={verdictText(cell.verdict) || undefined}
                        >
                          {formatValue(cell.value, '', r.metric.digits)}{' '}
                          <span className="delta-diff">
                            ({formatDelta(cell.delta, r.metric.unit, r.metric.digits)}
                            {rel && `, ${rel}`})
                          </span>
                          {(cell.verdict === 'better' || cell.verdict === 'worse') && <span className="sr-only"> {verdictText(cell.verdict)}</span>}
                          {cell.verdict === 'better' && <span aria-hidden="true"> ▲</span>}
                          {cell.verdict === 'worse' && <span aria-hidden="true"> ▼</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * In a 2×2, what each column changed against A (one knob, or both): its difference from A is
 * the effect of that change, and of both knobs at once in the last column.
 */
function GridNote({ settings, knobs }: { settings: ColumnSetting[][]; knobs: readonly Knob[] | undefined }) {
  const label = (name: string) => {
    const k = knobs?.find((x) => x.name === name);
    return k ? localText(k.label).toLowerCase() : name;
  };
  return (
    <span data-testid="compare-grid-note">
      {settings.slice(1).map((_, j) => {
        const changed = differsFromA(settings, j + 1).map(label);
        const words = changed.length === 2 ? secondMsg.and(changed[0]!, changed[1]!) : (changed[0] ?? '');
        return (
          <span key={j} data-column={COLUMN_NAMES[j + 1]} data-changed={differsFromA(settings, j + 1).join(',')}>
            {' '}
            {secondMsg.differs(COLUMN_NAMES[j + 1] ?? String(j + 2), words)}
          </span>
        );
      })}
    </span>
  );
}

/** Says so when the columns shown ran another scenario, seed or variant than the lab's now. */
function Stale() {
  const loaded = useCompare((s) => s.loaded);
  const presetName = useLab((s) => s.presetName);
  const seed = useLab((s) => s.seed);
  const variant = useLab((s) => s.variant);
  const edits = useLab((s) => s.knobEdits);
  if (!loaded) return null;
  const sameScenario = loaded.scenario === presetName && loaded.seed === seed && loaded.variant === variant;
  if (sameScenario && loaded.edits === JSON.stringify(edits)) return null;
  return (
    <p className="notice-banner" role="status" data-testid="compare-stale">
      {sameScenario
        ? i18n._({ id: 'compare.knobs-changed', message: 'The lab’s knob settings changed since the columns below ran.' })
        : i18n._({
            id: 'compare.stale',
            message: 'The columns below ran {scenario} ({variant}, seed {seed}); the lab now has {now} ({nowVariant}, seed {nowSeed}).',
            values: { scenario: loaded.scenario, variant: loaded.variant ?? 'full', seed: loaded.seed, now: presetName, nowVariant: variant ?? 'full', nowSeed: seed },
          })}{' '}
      {i18n._({ id: 'compare.run-the-comparison-again-to', message: 'Run the comparison again to compare what the lab has now.' })}
    </p>
  );
}

function EngineError() {
  const error = useCompare((s) => s.error);
  if (error === null) return null;
  return (
    <div className="error-banner" role="alert" data-testid="compare-error">
      <span className="error-text">
        <strong>{i18n._({ id: 'compare.could-not-run-the-comparison', message: 'Could not run the comparison:' })}</strong> <code data-testid="compare-error-message">{error}</code>
      </span>
      <button type="button" onClick={() => compare.dismissError()} aria-label={i18n._({ id: 'compare.dismiss-error', message: 'Dismiss error' })}>
        {i18n._({ id: 'compare.dismiss', message: 'Dismiss' })}
      </button>
    </div>
  );
}

export function Compare() {
  useLingui();
  useChoiceForScenario();
  useShortcuts();
  const preset = useLab(currentPreset);
  const choice = useCompare((s) => s.choice);
  const scenario = useCompare((s) => s.scenario);
  const run = useCompare((s) => s.run);
  const problem = !preset || scenario === null ? i18n._({ id: 'compare.loading-the-engine', message: 'Loading the engine…' }) : choiceError(preset, choice);
  useUrlSync(choice ? formatChoiceParam(choice) : null);
  return (
    <section className="compare" data-testid="compare" data-state={run} data-problem={problem ?? ''} aria-label={i18n._({ id: 'compare.a-b-compare', message: 'A/B compare' })}>
      <p className="muted compare-intro">
        {choice?.second
          ? secondMsg.intro()
          : i18n._({ id: 'compare.the-lab-s-scenario-and', message: "The lab's scenario and seed, once per value of one knob, side by side on one simulated clock, each column with the lab's charts. Column A is the baseline the others are compared against." })}
      </p>
      <Setup />
      <Controls problem={problem} quietProblem={preset !== undefined && compareKnobs(preset).length === 0} />
      <EngineError />
      <Stale />
      <Columns />
      <DiffTable />
    </section>
  );
}
