import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { LanguagePicker } from './i18n/LanguagePicker';
import { WorksheetPanel } from './worksheet/WorksheetPanel';
import { LabCharts } from './components/Charts';
import { StateTimeline } from './components/StateTimeline';
import { UpdateBanner } from './offline/UpdateBanner';
import { ErrorBanner, NoticeBanner } from './components/ErrorBanner';
import { KnobPanel, PresetPicker } from './components/PresetPanel';
import { RunControls } from './components/RunControls';
import { TourButton, TourCallout } from './components/Tour';
import { ExportPanel } from './components/ExportPanel';
import { Inspector } from './components/Inspector';
import { MptcpPanel } from './components/MptcpPanel';
import { QuicPanel } from './components/QuicPanel';
import { TopologyView } from './components/TopologyView';
import { FollowPanel } from './follow/FollowPanel';
import { TimeBrush } from './components/TimeBrush';
import { HeadlinePanel, LiveTable, SummaryTable } from './components/Tables';
import { lab } from './sim/controller';
import { visibleState } from './store/state';
import { useLab } from './store/store';
import { useSimTimeAttribute } from './components/simTimeAttribute';
import { ProjectorToggle, SkipLink, ThemeToggle, ViewTabs, panelId, tabId } from './components/Chrome';
import { VIEWS, useUi } from './store/ui';
import { Workbench } from './views/Workbench';
import { LazyView } from './components/LazyView';
import { hasNumericKnob, hasSweep } from './presets';
import { LiveRegion } from './a11y/LiveRegion';

// The sweep panel (its figure and the code that fans a sweep out to workers) is loaded only
// when the open preset declares a sweep or someone asks to sweep a knob, so it stays out of
// the first bundle (issue 18, first-load size; the editor and compare views are split the same way in
// views/Workbench.tsx).
const loadSweepPanel = () => import('./components/SweepPanel').then((m) => m.SweepPanel);

/**
 * Whether the page's first run has gone live: its clock passed 0, or it settled without moving
 * (paused by `?autoplay=0`, finished, failed). Once true it stays true. A declared sweep's panel
 * (below the fold) waits for it, so its chunk does not share a slow link with the engine's
 * download (issue 31 part 5, first load over a shared classroom link).
 */
function useFirstRunLive(): boolean {
  const now = useLab((s) => s.simTime > 0 || s.error !== null || s.run === 'paused' || s.run === 'finished');
  const [live, setLive] = useState(now);
  useEffect(() => {
    if (now) setLive(true);
  }, [now]);
  return live || now;
}

// The sequence diagram (issue 16) is loaded when first opened: its drawing code stays out of the
// first bundle, and the engine traces packets only while it is open.
const loadSequenceView = () => import('./components/SequenceView').then((m) => m.SequenceView);

function SequenceSection() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const hasRun = useLab((s) => s.topology !== null);
  if (!hasRun) return null;
  return (
    <div className="sequence-section">
      <button type="button" data-testid="sequence-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open
          ? i18n._({ id: 'lab.sequence.hide', message: 'Hide the sequence diagram' })
          : i18n._({ id: 'lab.sequence.show', message: 'Sequence diagram (packets of one flow over time)' })}
      </button>
      {open && (
        <LazyView load={loadSequenceView} what={i18n._({ id: 'lab.sequence.what', message: 'the sequence diagram' })} props={{}} />
      )}
    </div>
  );
}

function SweepSection() {
  const { i18n } = useLingui();
  const presetName = useLab((s) => s.presetName);
  const [opened, setOpened] = useState<string | null>(null);
  const declared = hasSweep(presetName);
  const firstRunLive = useFirstRunLive();
  // Presets without a declared sweep offer one over any numeric knob, behind a button: the
  // panel's code loads only when someone asks for it.
  if (!declared && opened !== presetName) {
    if (!hasNumericKnob(presetName)) return null;
    return (
      <section className="panel sweep sweep-closed" data-testid="sweep-offer" aria-label={i18n._({ id: 'sweep.label', message: 'Sweep' })}>
        <button type="button" data-testid="sweep-open" onClick={() => setOpened(presetName)}>
          {i18n._({ id: 'sweep.open', message: 'Sweep a knob…' })}
        </button>{' '}
        <span className="muted">
          {i18n._({ id: 'sweep.open.help', message: "run this scenario over a range of one knob's values, with several seeds, and plot a metric" })}
        </span>
      </section>
    );
  }
  // A declared sweep's panel waits for the first run to go live (one asked for loads at once).
  // Before the page knows its preset (presetName null, the first render) nothing loads: that
  // render used to mount the panel, so its chunk came with every first load.
  const asked = opened !== null && opened === presetName;
  if (!firstRunLive && !asked) return null;
  return (
    <LazyView key={presetName} load={loadSweepPanel} what={i18n._({ id: 'sweep.what', message: 'the sweep panel' })} props={{}} />
  );
}

export function App() {
  const { i18n } = useLingui();
  const state = useLab(visibleState);
  const preset = useLab((s) => s.presetName);
  const runId = useLab((s) => s.runId);
  const engine = useLab((s) => s.engineVersion);
  const view = useUi((s) => s.view);
  useEffect(() => lab.start(), []);
  const appRef = useRef<HTMLDivElement>(null);
  useSimTimeAttribute(appRef);
  return (
    <div ref={appRef} className="app" data-testid="app" data-state={state} data-preset={preset ?? ''} data-run-id={runId} data-view={view}>
      <SkipLink />
      <header className="topbar">
        <h1>
          NetLab <span className="muted">{i18n._({ id: 'chrome.tagline', message: 'transport-protocol lab' })}</span>
        </h1>
        <ViewTabs />
        <ProjectorToggle />
        <ThemeToggle />
        <LanguagePicker />
        <span className="muted engine" data-testid="engine-version">
          {engine
            ? i18n._({ id: 'chrome.engine', message: 'engine {engine}', values: { engine } })
            : i18n._({ id: 'chrome.engine.loading', message: 'loading engine…' })}
        </span>
      </header>
      <ErrorBanner />
      <NoticeBanner />
      <LiveRegion />
      <UpdateBanner />
      {/* One tab panel per view (the tabs' aria-controls); only the open one has content. */}
      {VIEWS.filter((v) => v !== 'lab').map((v) => (
        <div key={v} id={panelId(v)} role="tabpanel" aria-labelledby={tabId(v)} hidden={view !== v}>
          {view === v && <Workbench view={v} />}
        </div>
      ))}
      <div className="layout" id={panelId('lab')} role="tabpanel" aria-labelledby={tabId('lab')} hidden={view !== 'lab'}>
        <aside className="sidebar">
          <PresetPicker />
          <KnobPanel />
        </aside>
        <main className="content">
          <RunControls />
          <TourButton />
          <TourCallout />
          <HeadlinePanel />
          <div className="live-lab">
            <TopologyView />
            <Inspector />
          </div>
          <FollowPanel />
          <TimeBrush />
          <LabCharts />
          <StateTimeline />
          <SequenceSection />
          <MptcpPanel />
          <QuicPanel />
          <SummaryTable />
          <WorksheetPanel />
          <ExportPanel />
          <SweepSection />
          <LiveTable />
        </main>
      </div>
    </div>
  );
}
