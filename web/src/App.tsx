import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { LanguagePicker } from './i18n/LanguagePicker';
import { LabCharts } from './components/Charts';
import { UpdateBanner } from './offline/UpdateBanner';
import { ErrorBanner, NoticeBanner } from './components/ErrorBanner';
import { KnobPanel, PresetPicker } from './components/PresetPanel';
import { RunControls } from './components/RunControls';
import { TourButton, TourCallout } from './components/Tour';
import { TopologyView } from './components/TopologyView';
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
import { useFirstRunLive } from './sim/firstRunLive';
import { useHasMptcp, useHasQuic } from './components/familyPresence';
import { panelNames } from './firstLoad/messages';

// The sweep panel (its figure and the code that fans a sweep out to workers) is loaded only
// when the open preset declares a sweep or someone asks to sweep a knob, so it stays out of
// the first bundle (issue 18, first-load size; the editor and compare views are split the same way in
// views/Workbench.tsx).
const loadSweepPanel = () => import('./components/SweepPanel').then((m) => m.SweepPanel);

// Panels the first run does not need on screen before its clock moves load once it is live
// (issue 31 part 5, first load over a shared classroom link: their code would share the link
// with the engine's download); the MPTCP and QUIC panels only for runs that have such flows.
const loadInspector = () => import('./components/Inspector').then((m) => m.Inspector);
const loadFollow = () => import('./follow/FollowPanel').then((m) => m.FollowPanel);
const loadTimeline = () => import('./components/StateTimeline').then((m) => m.StateTimeline);
const loadMptcp = () => import('./components/MptcpPanel').then((m) => m.MptcpPanel);
const loadQuic = () => import('./components/QuicPanel').then((m) => m.QuicPanel);
const loadWorksheet = () => import('./worksheet/WorksheetPanel').then((m) => m.WorksheetPanel);
const loadExport = () => import('./components/ExportPanel').then((m) => m.ExportPanel);

/** A panel of the lab loaded once the first run is live, and only while `when` holds. */
function AfterLive({ load, what, when = true }: { load: () => Promise<() => ReactNode>; what: () => string; when?: boolean }) {
  useLingui();
  const live = useFirstRunLive();
  if (!live || !when) return null;
  return <LazyView load={load} what={what()} props={{}} quiet />;
}

function FamilyPanels() {
  const mptcp = useHasMptcp();
  const quic = useHasQuic();
  return (
    <>
      <AfterLive load={loadMptcp} what={panelNames.mptcp} when={mptcp} />
      <AfterLive load={loadQuic} what={panelNames.quic} when={quic} />
    </>
  );
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
            <AfterLive load={loadInspector} what={panelNames.inspector} />
          </div>
          <AfterLive load={loadFollow} what={panelNames.follow} />
          <TimeBrush />
          <LabCharts />
          <AfterLive load={loadTimeline} what={panelNames.timeline} />
          <SequenceSection />
          <FamilyPanels />
          <SummaryTable />
          <AfterLive load={loadWorksheet} what={panelNames.worksheet} />
          <AfterLive load={loadExport} what={panelNames.export} />
          <SweepSection />
          <LiveTable />
        </main>
      </div>
    </div>
  );
}
