// Play / pause, single step, restart, speed, seeking to any simulated time, the time read-out
// and progress. Keyboard: Space play/pause, → step (Shift+→ 10 steps), R restart.
import { useEffect, useId, useState } from 'react';
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

export function RunControls() {
  const run = useLab((s) => s.run);
  const speed = useLab((s) => s.speed);
  const simTime = useLab((s) => s.simTime);
  // The seek slider and progress span the run's end once known (store/state.ts timeSpan).
  const span = useLab(timeSpan);
  const limit = useLab((s) => s.duration);
  const events = useLab(firstEvents);
  const ready = useLab((s) => s.presetName !== null);
  const loaded = useLab((s) => s.runId > 0);
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
      aria-label="Run controls"
      data-testid="controls"
      data-seeking={seeking}
      data-series-points={sum.points}
      data-series-sum={sum.sum}
    >
      <div className="buttons">
        {running ? (
          <button type="button" data-testid="pause" onClick={() => lab.pause()} aria-keyshortcuts="Space">
            ❚❚ Pause
          </button>
        ) : (
          <button type="button" data-testid="play" onClick={() => lab.play()} disabled={!ready} aria-keyshortcuts="Space">
            ▶ {run === 'finished' ? 'Run again' : 'Play'}
          </button>
        )}
        <button
          type="button"
          data-testid="step"
          onClick={() => lab.step(STEP_S)}
          disabled={!loaded || run === 'finished' || seeking}
          aria-keyshortcuts="ArrowRight"
          title={`Pause and advance ${STEP_S * 1000} ms of simulated time (→; Shift+→ for ${STEP_S * 1000 * BIG_STEP} ms)`}
        >
          Step {STEP_S * 1000} ms →
        </button>
        <button type="button" data-testid="reset" onClick={() => lab.reset()} disabled={!ready} aria-keyshortcuts="R" title="Back to t = 0, paused (R)">
          ↺ Restart
        </button>
        <SpeedSelect testId="speed" speed={speed} onSpeed={(v) => lab.setSpeed(v)} />
        <button type="button" data-testid="share" onClick={() => lab.share()} disabled={!loaded} title="A link that reproduces this run exactly">
          Copy link
        </button>
        {shareUrl && (
          <input
            className="share-url"
            data-testid="share-url"
            readOnly
            value={shareUrl}
            aria-label="Link to this run"
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
            {span < limit && ` (limit ${formatSeconds(limit)})`}
          </span>
        </output>
        <progress data-testid="progress" max={1} value={progress} aria-label="Simulated time progress" />
        <span className="muted events">{formatInt(events)} events</span>
        <span className={`badge state-${run}`} data-testid="run-state">
          {seeking ? 'seeking' : run}
        </span>
      </div>
      <SeekBar simTime={simTime} duration={span} disabled={!loaded} seekTarget={seekTarget} />
    </section>
  );
}

/** A slider over the whole run plus an exact time field; both pause at the chosen time. */
function SeekBar({ simTime, duration, disabled, seekTarget }: { simTime: number; duration: number; disabled: boolean; seekTarget: number | null }) {
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
        Seek
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
        Go
      </button>
      {seekTarget !== null && (
        <span className="muted" data-testid="seek-status" role="status">
          seeking to {formatSeconds(seekTarget)}…
        </span>
      )}
    </form>
  );
}

/** The speed choice, from slow motion to as fast as the engine goes (the lab and A/B compare). */
export function SpeedSelect({ testId, speed, onSpeed }: { testId: string; speed: Speed; onSpeed: (s: Speed) => void }) {
  const id = useId();
  return (
    <label className="inline" htmlFor={id}>
      Speed
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
            {s === 1 ? '1× real time' : s === 'max' ? 'max (fastest)' : formatSpeed(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
