// Play / pause, single step, restart, speed, seeking to any simulated time, the time read-out
// and progress. Keyboard: Space play/pause, → step (Shift+→ 10 steps), R restart.
import { useEffect, useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { formatInt, formatSeconds, formatSpeed, parseSpeed } from '../lib/format';
import { keyAction } from '../lib/keys';
import { STEP_S, lab } from '../sim/controller';
import { seriesStore } from '../sim/seriesStore';
import { timeSpan } from '../store/state';
import { useLab } from '../store/store';
import { uiStore } from '../store/ui';
import { SPEEDS, type Speed } from '../types';
import { firstEvents } from '../store/run';
import { RUN_CONTROLS_ID } from '../a11y/messages';
import { EmbedButton } from '../embed/EmbedButton';
import { useFollow } from '../follow/store';
import * as followMsg from '../follow/messages';

/** Shift+→ steps this many single steps at once. */
const BIG_STEP = 10;

/** Window-wide shortcuts (not while typing in a field). */
function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Only while the lab itself is shown (not the gallery, editor or comparison).
      if (uiStore.getState().view !== 'lab') return;
      const action = keyAction(e, e.target instanceof Element ? (e.target as HTMLElement) : null);
      if (action === null) return;
      e.preventDefault();
      if (action === 'held') return;
      if (action === 'toggle') lab.togglePlay();
      else if (action === 'step') lab.step(STEP_S);
      else if (action === 'bigStep') lab.step(STEP_S * BIG_STEP);
      else lab.reset();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The run's state as the badge shows it (the `data-state` attributes keep the English ids). */
export function stateText(i18n: I18n, run: string, seeking: boolean): string {
  if (seeking) return i18n._({ id: 'run.state.seeking', message: 'seeking' });
  switch (run) {
    case 'starting':
      return i18n._({ id: 'run.state.starting', message: 'starting' });
    case 'loading':
      return i18n._({ id: 'run.state.loading', message: 'loading' });
    case 'running':
      return i18n._({ id: 'run.state.running', message: 'running' });
    case 'paused':
      return i18n._({ id: 'run.state.paused', message: 'paused' });
    case 'finished':
      return i18n._({ id: 'run.state.finished', message: 'finished' });
    default:
      return i18n._({ id: 'run.state.error', message: 'error' });
  }
}

export function RunControls() {
  const { i18n } = useLingui();
  const run = useLab((s) => s.run);
  const speed = useLab((s) => s.speed);
  const simTime = useLab((s) => s.simTime);
  // The seek slider and progress span the run's end once known (store/state.ts timeSpan).
  const span = useLab(timeSpan);
  const limit = useLab((s) => s.duration);
  const events = useLab(firstEvents);
  const ready = useLab((s) => s.presetName !== null);
  const loaded = useLab((s) => s.runId > 0);
  // While a packet is followed, the step goes to its next event (issue 32 §2).
  const runId = useLab((s) => s.runId);
  const following = useFollow((s) => s.request !== null && s.runId === runId);
  const shareUrl = useLab((s) => s.shareUrl);
  const seekTarget = useLab((s) => s.seekTarget);
  useLab((s) => s.seriesVersion); // the checksum below changes with the series
  const running = run === 'running';
  const seeking = seekTarget !== null;
  const progress = span > 0 ? Math.min(1, simTime / span) : 0;
  const sum = seriesStore.checksum;
  useShortcuts();
  return (
    <section
      className="controls"
      id={RUN_CONTROLS_ID}
      // The skip link's target: focusable by script, not a tab stop of its own.
      tabIndex={-1}
      aria-label={i18n._({ id: 'run.controls', message: 'Run controls' })}
      data-testid="controls"
      data-seeking={seeking}
      data-series-points={sum.points}
      data-series-sum={sum.sum}
    >
      <div className="buttons">
        {running ? (
          <button type="button" data-testid="pause" onClick={() => lab.pause()} aria-keyshortcuts="Space">
            {i18n._({ id: 'run.pause', message: '❚❚ Pause' })}
          </button>
        ) : (
          <button type="button" data-testid="play" onClick={() => lab.play()} disabled={!ready} aria-keyshortcuts="Space">
            {run === 'finished' ? i18n._({ id: 'run.again', message: '▶ Run again' }) : i18n._({ id: 'run.play', message: '▶ Play' })}
          </button>
        )}
        <button
          type="button"
          data-testid="step"
          data-follow={following || undefined}
          onClick={() => lab.step(STEP_S)}
          disabled={!loaded || run === 'finished' || seeking}
          aria-keyshortcuts="ArrowRight"
          title={following ? followMsg.nextEvent() : i18n._({
            id: 'run.step.help',
            message: 'Pause and advance {ms} ms of simulated time (→; Shift+→ for {big} ms)',
            values: { ms: STEP_S * 1000, big: STEP_S * 1000 * BIG_STEP },
          })}
        >
          {following ? followMsg.nextEvent() : i18n._({ id: 'run.step', message: 'Step {ms} ms →', values: { ms: STEP_S * 1000 } })}
        </button>
        <button type="button" data-testid="reset" onClick={() => lab.reset()} disabled={!ready} aria-keyshortcuts="R" title={i18n._({ id: 'run.restart.help', message: 'Back to t = 0, paused (R)' })}>
          {i18n._({ id: 'run.restart', message: '↺ Restart' })}
        </button>
        <SpeedSelect testId="speed" speed={speed} onSpeed={(v) => lab.setSpeed(v)} />
        <button type="button" data-testid="share" onClick={() => lab.share()} disabled={!loaded} title={i18n._({ id: 'run.share.help', message: 'A link that reproduces this run exactly' })}>
          {i18n._({ id: 'run.share', message: 'Copy link' })}
        </button>
        {shareUrl && (
          <input
            className="share-url"
            data-testid="share-url"
            readOnly
            value={shareUrl}
            aria-label={i18n._({ id: 'run.share.url', message: 'Link to this run' })}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
        <EmbedButton />
      </div>
      <div className="time">
        <output data-testid="sim-time" data-sim-time={simTime} aria-live="off">
          t = {formatSeconds(simTime)}{' '}
          <span className="muted">
            / {formatSeconds(span)}
            {span < limit && i18n._({ id: 'run.limit', message: ' (limit {limit})', values: { limit: formatSeconds(limit) } })}
          </span>
        </output>
        <progress data-testid="progress" max={1} value={progress} aria-label={i18n._({ id: 'run.progress', message: 'Simulated time progress' })} />
        <span className="muted events">{i18n._({ id: 'run.events', message: '{count} events', values: { count: formatInt(events) } })}</span>
        <span className={`badge state-${run}`} data-testid="run-state">
          {stateText(i18n, run, seeking)}
        </span>
      </div>
      <SeekBar simTime={simTime} duration={span} disabled={!loaded} seekTarget={seekTarget} />
    </section>
  );
}

/** A slider over the whole run plus an exact time field; both pause at the chosen time. */
function SeekBar({ simTime, duration, disabled, seekTarget }: { simTime: number; duration: number; disabled: boolean; seekTarget: number | null }) {
  const { i18n } = useLingui();
  const [scrub, setScrub] = useState<number | null>(null);
  const [text, setText] = useState('');
  const sliderId = useId();
  const fieldId = useId();
  const commit = (t: number) => {
    setScrub(null);
    if (Number.isFinite(t)) lab.seek(Math.min(Math.max(t, 0), duration));
  };
  const value = scrub ?? seekTarget ?? simTime;
  const wanted = Number(text);
  const validText = text.trim() !== '' && Number.isFinite(wanted) && wanted >= 0 && wanted <= duration;
  return (
    <form
      className="seek"
      onSubmit={(e) => {
        e.preventDefault();
        if (validText) commit(wanted);
      }}
    >
      <label htmlFor={sliderId} className="inline">
        {i18n._({ id: 'run.seek', message: 'Seek' })}
      </label>
      <input
        id={sliderId}
        type="range"
        data-testid="seek-range"
        min={0}
        max={duration || 1}
        step={0.001}
        value={value}
        disabled={disabled}
        aria-valuetext={formatSeconds(value)}
        onChange={(e) => setScrub(Number(e.currentTarget.value))}
        onPointerUp={(e) => commit(Number(e.currentTarget.value))}
        onKeyUp={(e) => {
          if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(e.key)) commit(Number(e.currentTarget.value));
        }}
      />
      <label htmlFor={fieldId} className="inline">
        t =
      </label>
      <input
        id={fieldId}
        className="seek-time"
        data-testid="seek-input"
        type="number"
        inputMode="decimal"
        min={0}
        max={duration || undefined}
        step="any"
        placeholder={simTime.toFixed(3)}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.currentTarget.value)}
        aria-describedby={`${fieldId}-unit`}
      />
      <span id={`${fieldId}-unit`} className="unit">
        s
      </span>
      <button type="submit" data-testid="seek-go" disabled={disabled || !validText}>
        {i18n._({ id: 'run.seek.go', message: 'Go' })}
      </button>
      {seekTarget !== null && (
        <span className="muted" data-testid="seek-status" role="status">
          {i18n._({ id: 'run.seeking', message: 'seeking to {t}…', values: { t: formatSeconds(seekTarget) } })}
        </span>
      )}
    </form>
  );
}

/** The speed choice, from slow motion to as fast as the engine goes (the lab and A/B compare). */
export function SpeedSelect({ testId, speed, onSpeed }: { testId: string; speed: Speed; onSpeed: (s: Speed) => void }) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <label className="inline" htmlFor={id}>
      {i18n._({ id: 'run.speed', message: 'Speed' })}
      <select
        id={id}
        data-testid={testId}
        value={String(speed)}
        onChange={(e) => {
          const s = parseSpeed(e.target.value);
          if (s !== null) onSpeed(s);
        }}
      >
        {SPEEDS.map((s) => (
          <option key={String(s)} value={String(s)}>
            {s === 1
              ? i18n._({ id: 'run.speed.real', message: '1× real time' })
              : s === 'max'
                ? i18n._({ id: 'run.speed.max', message: 'max (fastest)' })
                : formatSpeed(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
