// The embedded lab (`?embed=1`, issue 31 part 3): what a course page or a slide has room for in
// a 960 × 540 iframe — the run controls, the headline, the network picture and the preset's key
// chart (keyChart.ts) — running live, without scrollbars (e2e/embed.spec.ts measures the
// document inside such a frame). Everything else of the lab is one click away: "Open the full
// lab" (and every other link inside: <base target="_blank">) opens this run in a new tab, so
// the course page stays where it is.
import { useEffect, useMemo, useRef } from 'react';
import { Chart } from '../components/Charts';
import { UpdateBanner } from '../offline/UpdateBanner';
import { ErrorBanner, NoticeBanner } from '../components/ErrorBanner';
import { SpeedSelect } from '../components/RunControls';
import { HeadlinePanel } from '../components/Tables';
import { TopologyView } from '../components/TopologyView';
import { useSize } from '../components/LineChart';
import { useSimTimeAttribute } from '../components/simTimeAttribute';
import { formatSeconds } from '../lib/format';
import { lab } from '../sim/controller';
import { currentPreset, timeSpan, visibleState } from '../store/state';
import { useLab } from '../store/store';
import { keyChart } from './keyChart';
import { embedMessages as m } from './messages';
import { fullLabAddress } from './snippet';
import './embed.css';
import { presetTitle } from '../i18n/localText';

/** Every link inside the frame opens a new tab: navigating the frame would lose the course page's place. */
function useLinksInNewTab(): void {
  useEffect(() => {
    const base = document.createElement('base');
    base.target = '_blank';
    document.head.prepend(base);
    return () => base.remove();
  }, []);
}

function EmbedControls() {
  const run = useLab((s) => s.run);
  const speed = useLab((s) => s.speed);
  const simTime = useLab((s) => s.simTime);
  const span = useLab(timeSpan);
  const ready = useLab((s) => s.presetName !== null);
  const running = run === 'running';
  return (
    <div className="embed-controls" role="group" aria-label={m.runControls()} data-testid="controls">
      {running ? (
        <button type="button" data-testid="pause" onClick={() => lab.pause()}>
          {m.pause()}
        </button>
      ) : (
        <button type="button" data-testid="play" onClick={() => lab.play()} disabled={!ready}>
          {run === 'finished' ? m.again() : m.play()}
        </button>
      )}
      <button type="button" data-testid="reset" onClick={() => lab.reset()} disabled={!ready} title={m.restartTitle()}>
        {m.restart()}
      </button>
      <SpeedSelect testId="speed" speed={speed} onSpeed={(v) => lab.setSpeed(v)} />
      <output data-testid="sim-time" data-sim-time={simTime} className="embed-time">
        t = {formatSeconds(simTime)} <span className="muted">/ {formatSeconds(span)}</span>
      </output>
      <progress data-testid="progress" max={1} value={span > 0 ? Math.min(1, simTime / span) : 0} aria-label={m.progress()} />
    </div>
  );
}

/** Room the network picture's caption, key and flow buttons take above and below the drawing (px). */
const PICTURE_CHROME_PX = 110;

/** The drawing's height in a picture box `box` px tall (never below a readable 140 px). */
function pictureHeight(box: number): number | undefined {
  return box > 0 ? Math.max(140, box - PICTURE_CHROME_PX) : undefined;
}

export function EmbedApp() {
  const state = useLab(visibleState);
  const presetName = useLab((s) => s.presetName);
  const runId = useLab((s) => s.runId);
  const preset = useLab(currentPreset);
  const kind = useMemo(() => keyChart(preset), [preset]);
  useEffect(() => lab.start(), []);
  useLinksInNewTab();
  const appRef = useRef<HTMLDivElement>(null);
  useSimTimeAttribute(appRef);
  const [bodyRef, body] = useSize<HTMLDivElement>();
  // The full lab at this run: the embed's own address (its fragment is the run's link) without `embed`.
  const full = fullLabAddress(location.origin, location);
  return (
    <div ref={appRef} className="app embed" data-testid="app" data-embed="1" data-state={state} data-preset={presetName ?? ''} data-run-id={runId} data-view="lab" data-key-chart={kind} role="region" aria-label={m.regionLabel()}>
      <header className="embed-bar">
        <span className="embed-title" title={presetTitle(preset)}>
          <strong>NetLab</strong> <span className="muted">{preset ? presetTitle(preset) : m.loading()}</span>
        </span>
        <EmbedControls />
        <a className="embed-open" data-testid="embed-open-full" href={full} target="_blank" rel="noopener" title={m.openFullLabTitle()}>
          {m.openFullLab()}
        </a>
      </header>
      <ErrorBanner />
      <NoticeBanner />
      <UpdateBanner />
      <HeadlinePanel />
      <div className="embed-body" ref={bodyRef}>
        <TopologyView maxHeight={pictureHeight(body.height)} />
        <section className="embed-chart" aria-label={m.keyChartLabel(kind)}>
          <Chart kind={kind} />
        </section>
      </div>
    </div>
  );
}
