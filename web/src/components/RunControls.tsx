// Play / pause / reset, speed, simulated-time read-out and progress.
import { useId } from 'react';
import { formatInt, formatSeconds, formatSpeed, parseSpeed } from '../lib/format';
import { lab } from '../sim/controller';
import { useLab } from '../store/store';
import { SPEEDS } from '../types';

export function RunControls() {
  const run = useLab((s) => s.run);
  const speed = useLab((s) => s.speed);
  const simTime = useLab((s) => s.simTime);
  const duration = useLab((s) => s.duration);
  const events = useLab((s) => s.events);
  const ready = useLab((s) => s.presetName !== null);
  const loaded = useLab((s) => s.runId > 0);
  const shareUrl = useLab((s) => s.shareUrl);
  const id = useId();
  const running = run === 'running';
  const progress = duration > 0 ? Math.min(1, simTime / duration) : 0;
  return (
    <section className="controls" aria-label="Run controls">
      <div className="buttons">
        {running ? (
          <button type="button" data-testid="pause" onClick={() => lab.pause()}>
            ❚❚ Pause
          </button>
        ) : (
          <button type="button" data-testid="play" onClick={() => lab.play()} disabled={!ready}>
            ▶ {run === 'finished' ? 'Run again' : 'Play'}
          </button>
        )}
        <button type="button" data-testid="reset" onClick={() => lab.reset()} disabled={!ready}>
          ↺ Reset
        </button>
        <label className="inline" htmlFor={id}>
          Speed
          <select
            id={id}
            data-testid="speed"
            value={String(speed)}
            onChange={(e) => {
              const s = parseSpeed(e.target.value);
              if (s !== null) lab.setSpeed(s);
            }}
          >
            {SPEEDS.map((s) => (
              <option key={String(s)} value={String(s)}>
                {formatSpeed(s)}
              </option>
            ))}
          </select>
        </label>
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
      </div>
      <div className="time">
        <output data-testid="sim-time" data-sim-time={simTime} aria-live="off">
          t = {formatSeconds(simTime)} <span className="muted">/ {formatSeconds(duration)}</span>
        </output>
        <progress data-testid="progress" max={1} value={progress} aria-label="Simulated time progress" />
        <span className="muted events">{formatInt(events)} events</span>
        <span className={`badge state-${run}`} data-testid="run-state">
          {run}
        </span>
      </div>
    </section>
  );
}
