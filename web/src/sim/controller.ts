// Connects the lab store to the simulation worker: user intents become store actions plus
// worker messages; worker messages become store actions and series points. The run itself
// goes through the pipeline A/B compare uses too (sim/pipeline.ts), with one column.
import { i18n } from '../i18n/i18n';
import { isPresetFile, loadPresetEntry, loadPresetText, loadPresets, openingPreset, presetTextNow, presetsNow } from '../presets';
import { firstRunLive } from './firstRunLive';
import { presetListMessages as m } from '../firstLoad/messages';
import { urlSpeed } from '../lib/format';
import { LINK_PREFIX, NO_PRESET, linkFromHash, parseSeed } from '../lib/shareLink';
import { absoluteAddress, readHash, readParam, writeAddress } from '../lib/addressBar';
import { type SavedSelection, type Selection, currentPreset, savedSelection } from '../store/state';
import { labStore } from '../store/store';
import type { KnobValue, Snapshot, Speed } from '../types';
import type { FromWorker, PresetFile, ToWorker } from '../worker/protocol';
import type { ViewSpec } from '../worker/aggregate';
import type { DropSpec, FollowRequest, TraceWindow } from '../generated';
import { followStore } from '../follow/store';
import { decisionLog } from '../family/decisionLog';
import { flowEvents } from './flowEvents';
import { RunPipeline } from './pipeline';
import { autoplay } from '../embed/flags';
import { embedAddress, embedSnippet } from '../embed/snippet';
import { embedCodeStore } from '../embed/embedCode';
import { seriesStore } from './seriesStore';
import { presetTitle } from '../i18n/localText';

/** The worker's answer to a trace request (sim/controller.ts `trace`). */
export interface TraceAnswer {
  trace: TraceWindow | null;
  error: string | null;
}

/** The single step: a fixed slice of simulated time (see the worker's stepBy for why). */
export const STEP_S = 0.001;

/** What the user asked the run to do; a guided tour (sim/tour.ts) follows these. */
export type RunIntent = 'play' | 'pause' | 'step' | 'seek';

/** Number inputs reload after the user pauses typing for this long. */
const KNOB_DEBOUNCE_MS = 300;

class LabController {
  private readonly pipeline = new RunPipeline({
    name: 'worker',
    getState: () => labStore.getState(),
    dispatch: (a) => labStore.dispatch(a),
    seriesStore: () => seriesStore,
    loaded: (msg) => this.loaded(msg),
    onTick: (msg) => {
      flowEvents.ingest(msg.snapshot?.events);
      decisionLog.ingest(msg.snapshot?.events);
      if (msg.snapshot) for (const fn of [...this.snapshotListeners]) fn(msg.snapshot);
    },
    onRewound: () => {
      flowEvents.reset();
      decisionLog.reset();
    },
    onOther: (msg) => this.receive(msg),
  });
  private knobTimer: ReturnType<typeof setTimeout> | null = null;
  /** Scenarios opened from shared links, by their preset-list name. */
  private linked = new Map<string, PresetFile>();
  /**
   * A link (or an edited scenario) the worker opened and the page is now loading, with the
   * scenario choice (seed and speed too) it replaced, and whether a run was on screen. If the
   * load fails (too large for the page, the engine rejects it), that choice comes back.
   */
  private linkLoad: { before: SavedSelection; hadRun: boolean; shared: boolean } | null = null;
  /** The URL fragment when the run on screen loaded: put back when a link fails over it. */
  private shownHash = '';
  /** The sequence diagram's requests awaiting the worker's answer, by id. */
  private traceWaiting = new Map<number, (answer: TraceAnswer) => void>();
  private traceId = 0;
  /** Counts openings of the URL's preset: one whose index entry arrives late must not override a later choice. */
  private openToken = 0;
  /** Counts loads: a preset text fetched for an older load must not start that load. */
  private loadToken = 0;
  /** What the link the worker is encoding is for: the address bar, or an embed's <iframe>. */
  private sharePurpose: 'link' | 'embed' = 'link';
  /** `?autoplay=0`: the first run loads paused; every later one plays as usual. */
  private firstLoadPlays = true;
  /** After a drop is added or undone: the time to re-run the new scenario to (issue 32). */
  private resumeAt: number | null = null;

  /**
   * Asks the worker for flow `flow`'s packets overlapping [`since`, `until`] (tracing it from
   * now on if it was not; null stops tracing). Resolves with the window, or the reason it failed.
   */
  trace(flow: number | null, since: number, until: number, max: number): Promise<TraceAnswer> {
    const id = ++this.traceId;
    return new Promise((resolve) => {
      this.traceWaiting.set(id, resolve);
      this.post({ type: 'trace', id, flow, since, until, max });
    });
  }

  private snapshotListeners = new Set<(snapshot: Snapshot) => void>();

  /** Calls `fn` with every snapshot the run sends (the live region's loss news); returns the unsubscribe. */
  onSnapshot(fn: (snapshot: Snapshot) => void): () => void {
    this.snapshotListeners.add(fn);
    return () => this.snapshotListeners.delete(fn);
  }

  private intentListeners = new Set<(intent: RunIntent) => void>();

  /** Calls `fn` after each play, pause, step or seek the user asks for; returns the unsubscribe. */
  onIntent(fn: (intent: RunIntent) => void): () => void {
    this.intentListeners.add(fn);
    return () => this.intentListeners.delete(fn);
  }

  private intent(kind: RunIntent): void {
    for (const fn of [...this.intentListeners]) fn(kind);
  }

  start(): void {
    if (this.pipeline.started) return;
    // URL parameters pick the opening state (used by tests and shareable links).
    this.firstLoadPlays = autoplay();
    const speed = urlSpeed();
    if (speed !== null) labStore.dispatch({ type: 'setSpeed', speed });
    const seedParam = readParam('seed');
    if (seedParam !== null) {
      const seed = parseSeed(seedParam);
      if (seed.ok) labStore.dispatch({ type: 'setSeed', seed: seed.value });
      else {
        labStore.dispatch({
          type: 'notice',
          message: i18n._({ id: 'notice.url-seed', message: "The URL's {error}; using seed {seed}.", values: { error: seed.error, seed: labStore.getState().seed } }),
        });
      }
    }
    // The worker starts the engine meanwhile; the presets come from the build-time index, so
    // the first run is asked for now (its text is fetched alongside the engine's wasm) rather
    // than after an engine round trip (issue 18).
    this.post({ type: 'init' });
    labStore.dispatch({ type: 'ready', presets: presetsNow(), complete: false });
    // The rest of the index once the first run is live (a view listing the presets asks sooner).
    void firstRunLive().then(() => this.loadPresets());
    // For end-to-end tests and the console: the live state and the series checksum, and a way
    // to make the engine panic (tests of the worker's recovery; see worker/sim.worker.ts).
    (window as unknown as { __netlab?: unknown }).__netlab = {
      state: () => labStore.getState(),
      series: () => seriesStore.checksum,
      debugPanic: () => this.post({ type: 'debugPanic' }),
    };
    // A link pasted into this tab's address bar changes only the fragment: open it too.
    // (Our own writes, lib/addressBar.ts, replace the entry and do not fire hashchange.)
    window.addEventListener('hashchange', () => {
      if (labStore.getState().presets.length > 0) this.openHash();
    });
    if (!this.openHash()) this.openDefault();
  }

  /** Opens the link in the URL fragment; false when there is none. */
  private openHash(): boolean {
    const link = linkFromHash(readHash());
    if (link === null) return false;
    if (link.ok) this.post({ type: 'openLink', link: link.value });
    else this.linkFailed(link.error);
    return true;
  }

  /**
   * A link that cannot be opened never replaces the run on screen: the page says why, puts the
   * address of that run back, and keeps it. With nothing on screen yet, a preset opens instead.
   */
  private linkFailed(why: string, action: 'opened' | 'run' = 'opened'): void {
    if (labStore.getState().runId > 0) {
      labStore.dispatch({
        type: 'notice',
        message:
          action === 'run'
            ? i18n._({ id: 'notice.link-not-run-kept', message: 'The shared link could not be run ({why}). The run on screen is kept.', values: { why } })
            : i18n._({ id: 'notice.link-not-opened-kept', message: 'The shared link could not be opened ({why}). The run on screen is kept.', values: { why } }),
      });
      writeAddress({ hash: this.shownHash });
      return;
    }
    labStore.dispatch({
      type: 'notice',
      message:
        action === 'run'
          ? i18n._({ id: 'notice.link-not-run', message: 'The shared link could not be run ({why}). Showing a preset instead.', values: { why } })
          : i18n._({ id: 'notice.link-not-opened', message: 'The shared link could not be opened ({why}). Showing a preset instead.', values: { why } }),
    });
    writeAddress({ hash: '' });
    this.openDefault();
  }

  selectPreset(name: string, variant?: string | null): void {
    labStore.dispatch({ type: 'selectPreset', name, variant });
    // A shared link in the address bar would no longer describe what runs.
    this.dropStaleLink(name);
    this.load(true);
  }

  /** Opens a preset with a variant and knob settings chosen elsewhere (the gallery). */
  openPreset(name: string, variant: string | null, settings: Record<string, KnobValue>): void {
    labStore.dispatch({ type: 'selectPreset', name, variant });
    for (const [k, v] of Object.entries(settings)) labStore.dispatch({ type: 'setKnob', name: k, value: v });
    this.dropStaleLink(name);
    this.load(true);
  }

  /** A shared link in the address bar would no longer describe what runs once `name` does. */
  private dropStaleLink(name: string): void {
    if (!this.linked.has(name) && readHash().startsWith(LINK_PREFIX)) writeAddress({ hash: '' });
  }

  /**
   * Runs a scenario from the editor (already validated there) under the current seed;
   * `variant` is the preset variant already applied to the text (the lab shows it).
   */
  openScenario(text: string, variant: string | null): void {
    this.post({ type: 'openText', text, seed: labStore.getState().seed, variant });
  }

  /**
   * The text of a preset or of an opened link / edited scenario, by its picker name; undefined
   * when unknown or (a preset file) not fetched yet: see `loadText`.
   */
  presetText(name: string | null): string | undefined {
    if (name === null) return undefined;
    return this.linked.get(name)?.text ?? presetTextNow(name);
  }

  /** The same, fetching a preset file's text when needed; a failed fetch shows its error. */
  async loadText(name: string | null): Promise<string | undefined> {
    const now = this.presetText(name);
    if (now !== undefined || name === null || !isPresetFile(name)) return now;
    try {
      return await loadPresetText(name);
    } catch (e) {
      labStore.dispatch({ type: 'error', runId: null, message: e instanceof Error ? e.message : String(e) });
      return undefined;
    }
  }

  /**
   * Loses `drop` (or, null, takes the last drop back) in the loaded run: the scenario is opened
   * again with it, re-run deterministically to the time on screen, paused there, and its link
   * (which carries the drop) put in the address bar.
   */
  editDrops(drop: DropSpec | null, resolve?: FollowRequest): void {
    const s = labStore.getState();
    if (s.runId === 0) return;
    this.resumeAt = s.simTime;
    this.post({ type: 'editDrops', add: drop, ...(resolve ? { resolve } : {}) });
  }

  /**
   * Follows one data packet of the run on screen (issue 32; null stops): the worker re-runs to
   * the time on screen with the engine's follower on, and every tick then carries its journey.
   */
  follow(request: FollowRequest | null): void {
    const s = labStore.getState();
    if (s.runId === 0) return;
    followStore.dispatch({ type: 'follow', request, runId: s.runId });
    this.post({ type: 'follow', request });
    if (request !== null) this.intent('seek');
  }

  /** Pause and go to the followed packet's next event (instead of a fixed step). */
  followStep(): void {
    const s = labStore.getState();
    if (s.runId === 0 || s.run === 'finished' || s.seekTarget !== null || followStore.getState().request === null) return;
    this.post({ type: 'followStep' });
    this.intent('step');
  }

  /**
   * Asks the worker for a link to the loaded run; puts it in the address bar and the clipboard,
   * or (`embed`) the <iframe> snippet that shows it in a course page (embed/snippet.ts).
   */
  share(purpose: 'link' | 'embed' = 'link'): void {
    this.sharePurpose = purpose;
    const s = labStore.getState();
    // The variant the lab shows: picked here, or the one a linked or edited text already has.
    this.post({ type: 'share', view: { speed: s.speed, variant: s.variant ?? currentPreset(s)?.origin?.variant ?? null } });
  }

  dismissNotice(): void {
    labStore.dispatch({ type: 'notice', message: null });
  }

  setKnob(name: string, value: KnobValue, immediate: boolean): void {
    labStore.dispatch({ type: 'setKnob', name, value });
    if (this.knobTimer !== null) clearTimeout(this.knobTimer);
    if (immediate) this.load(true);
    else this.knobTimer = setTimeout(() => this.load(true), KNOB_DEBOUNCE_MS);
  }

  setVariant(variant: string | null): void {
    labStore.dispatch({ type: 'setVariant', variant });
    this.load(true);
  }

  setSeed(seed: number): void {
    labStore.dispatch({ type: 'setSeed', seed });
    this.load(true);
  }

  setSpeed(speed: Speed): void {
    labStore.dispatch({ type: 'setSpeed', speed });
    this.post({ type: 'speed', speed });
  }

  play(): void {
    // Play after the end (or when nothing is loaded) starts the run again.
    const s = labStore.getState();
    if (s.run === 'finished' || s.runId === 0) this.load(true);
    else this.post({ type: 'play' });
    this.intent('play');
  }

  /** Plays on and pauses exactly at simulated time `t` (a guided tour's next stop). */
  playUntil(t: number): void {
    if (labStore.getState().runId === 0 || !Number.isFinite(t)) return;
    this.post({ type: 'play', until: t });
  }

  pause(): void {
    this.post({ type: 'pause' });
    this.intent('pause');
  }

  reset(): void {
    this.load(false);
  }

  /** Pause and advance exactly `dt` simulated seconds; while a packet is followed, to its next event instead. */
  step(dt = STEP_S): void {
    const s = labStore.getState();
    if (s.runId === 0 || s.run === 'finished' || s.seekTarget !== null) return;
    const f = followStore.getState();
    if (f.request !== null && f.runId === s.runId) return this.followStep();
    this.post({ type: 'step', dt });
    this.intent('step');
  }

  /**
   * Pause at simulated time `t` exactly (re-running from the seed when going back, or when
   * `rerun` asks to: the sequence diagram's "trace from t = 0").
   */
  seek(t: number, rerun = false): void {
    if (labStore.getState().runId === 0 || !Number.isFinite(t)) return;
    this.post({ type: 'seek', t, rerun });
    this.intent('seek');
  }

  /** How a run with many flows is drawn: aggregate by class, path or algorithm, or the top N; picked flows. */
  setView(view: ViewSpec): void {
    this.post({ type: 'view', view });
  }

  togglePlay(): void {
    if (labStore.getState().run === 'running') this.pause();
    else this.play();
  }

  select(selection: Selection | null): void {
    labStore.dispatch({ type: 'select', selection });
  }

  dismissError(): void {
    labStore.dispatch({ type: 'dismissError' });
  }

  private load(play: boolean): void {
    if (this.knobTimer !== null) clearTimeout(this.knobTimer);
    this.knobTimer = null;
    const s = labStore.getState();
    const name = s.presetName ?? currentPreset(s)?.name ?? null;
    const token = ++this.loadToken;
    if (!this.firstLoadPlays) play = false;
    this.firstLoadPlays = true;
    const text = this.presetText(name);
    if (text === undefined) {
      // A preset file not fetched yet: load once it is, unless another load came first.
      void this.loadText(name).then((t) => t !== undefined && token === this.loadToken && this.load(play));
      return;
    }
    this.pipeline.load({
      presetText: text,
      // Only what the user changed: the variant and the preset decide everything else
      // (a knob may be unset in the preset, and sending its shown value would change it).
      columns: [{ settings: s.knobEdits, name: null }],
      variant: s.variant,
      seed: s.seed,
      play,
      speed: s.speed,
      snapshots: true,
    });
  }

  /**
   * The preset named in the URL (`?preset=`), else the default one (tcp-dumbbell). Its index
   * entry is in the first bundle for the default; another preset's entry is fetched first,
   * alongside its text.
   */
  private openDefault(): void {
    const name = openingPreset(readParam('preset'));
    const variant = readParam('variant');
    if (labStore.getState().presets.some((p) => p.name === name)) {
      this.selectPreset(name, variant);
      return;
    }
    const token = ++this.openToken;
    void loadPresetText(name).catch(() => {});
    loadPresetEntry(name).then(
      () => {
        // Something else was opened meanwhile (a link pasted into the address bar).
        if (token !== this.openToken || labStore.getState().presetName !== null) return;
        labStore.dispatch({ type: 'ready', presets: presetsNow(), complete: false });
        this.selectPreset(name, variant);
      },
      (e: unknown) => labStore.dispatch({ type: 'error', runId: null, message: m.entryFailed(name, e) }),
    );
  }

  /**
   * Every preset in the store's list (the whole index: the picker, the gallery and the editor
   * list them); resolves when they are there. Fetched once; a failure says so and may be tried again.
   */
  loadPresets(): Promise<void> {
    return loadPresets().then(
      (presets) => labStore.dispatch({ type: 'ready', presets, complete: true }),
      (e: unknown) => {
        labStore.dispatch({ type: 'notice', message: m.indexFailed(e) });
        throw e;
      },
    );
  }

  private post(msg: ToWorker): void {
    this.pipeline.post(msg);
  }

  /** A load of the lab's was answered: its charts, event logs and address start afresh. */
  private loaded(msg: Extract<FromWorker, { type: 'loaded' }>): void {
    if (this.linkLoad) {
      // A shared or edited scenario runs: the address no longer names a preset (and an
      // edited one is not the link in it either). Not before: a link that fails to load
      // falls back to the URL's preset.
      writeAddress({ params: NO_PRESET, hash: this.linkLoad.shared ? readHash() : '' });
    }
    this.linkLoad = null;
    this.shownHash = readHash().startsWith(LINK_PREFIX) ? readHash() : '';
    flowEvents.reset();
    decisionLog.reset();
    labStore.dispatch({
      type: 'loaded',
      runId: msg.runId,
      duration: msg.duration,
      end: msg.end,
      columns: msg.meta.length,
      aggregate: msg.aggregate,
      topology: msg.topologies[0] ?? null,
      playing: msg.playing,
    });
    if (this.resumeAt !== null) {
      const t = this.resumeAt;
      this.resumeAt = null;
      this.seek(t);
      this.share();
    }
  }

  /** The messages that are not the run's own (sim/pipeline.ts handles those); true if handled. */
  private receive(msg: FromWorker): boolean {
    switch (msg.type) {
      case 'ready': {
        labStore.dispatch({ type: 'engine', engineVersion: msg.engineVersion });
        return true;
      }
      case 'linkOpened': {
        const s = labStore.getState();
        this.linkLoad = { before: savedSelection(s), hadRun: s.runId > 0, shared: msg.preset.name.startsWith('link:') };
        this.linked.set(msg.preset.name, { file: msg.preset.name, text: msg.text });
        labStore.dispatch({ type: 'addPreset', preset: msg.preset });
        labStore.dispatch({ type: 'setSeed', seed: msg.seed });
        if (msg.view.speed !== undefined) labStore.dispatch({ type: 'setSpeed', speed: msg.view.speed });
        if (msg.notice) labStore.dispatch({ type: 'notice', message: msg.notice });
        this.selectPreset(msg.preset.name, null);
        return true;
      }
      case 'linkFailed':
        this.linkFailed(msg.message);
        return true;
      case 'journey':
        followStore.dispatch({ type: 'journey', journey: msg.journey, error: msg.error, runId: msg.runId });
        return true;
      case 'trace': {
        const resolve = this.traceWaiting.get(msg.id);
        this.traceWaiting.delete(msg.id);
        resolve?.({ trace: msg.trace, error: msg.error });
        return true;
      }
      case 'shared': {
        // A link to a run the page no longer shows would share the wrong scenario.
        if (msg.runId !== labStore.getState().runId) return true;
        this.shownHash = `${LINK_PREFIX}${msg.link}`;
        const change = { params: NO_PRESET, hash: this.shownHash };
        const url = absoluteAddress(change);
        writeAddress(change);
        labStore.dispatch({ type: 'shared', url });
        const purpose = this.sharePurpose;
        this.sharePurpose = 'link';
        const copied =
          purpose === 'embed'
            ? embedSnippet(embedAddress(location.origin, location, this.shownHash), presetTitle(currentPreset(labStore.getState())) || i18n._({ id: 'notice.a-run', message: 'a run' }))
            : url;
        if (purpose === 'embed') embedCodeStore.dispatch({ snippet: copied, runId: msg.runId });
        navigator.clipboard?.writeText(copied).catch(() => {
          /* not allowed here: the link is in the address bar and the text field */
        });
        return true;
      }
      case 'error': {
        const link = this.linkLoad;
        this.linkLoad = null;
        if (link?.shared && !link.hadRun) {
          // A shared link opened into an empty page could not run: a preset runs instead, with
          // the page's own seed and speed rather than the link's.
          labStore.dispatch({ type: 'restoreSelection', selection: link.before });
          this.linkFailed(msg.message, 'run');
          return true;
        }
        if (!link) return false;
        labStore.dispatch({ type: 'error', runId: msg.runId, message: msg.message, kind: msg.kind });
        // The worker kept the run on screen: show the choice that made it, at its speed.
        labStore.dispatch({ type: 'restoreSelection', selection: link.before });
        this.post({ type: 'speed', speed: link.before.speed });
        if (link.shared) writeAddress({ hash: this.shownHash });
        return true;
      }
      default:
        return false;
    }
  }
}

export const lab = new LabController();
