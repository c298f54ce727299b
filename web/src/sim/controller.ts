// Connects the lab store to the simulation worker: user intents become store actions plus
// worker messages; worker messages become store actions and series points.
import { DEFAULT_PRESET, PRESET_FILES } from '../presets';
import { parseSpeed } from '../lib/format';
import { type Selection, currentPreset } from '../store/state';
import { labStore } from '../store/store';
import type { KnobValue, Speed } from '../types';
import type { FromWorker, PresetFile, ToWorker } from '../worker/protocol';
import { decisionLog } from '../family/decisionLog';
import { flowEvents } from './flowEvents';
import { seriesStore } from './seriesStore';

/** The single step: a fixed slice of simulated time (see the worker's stepBy for why). */
export const STEP_S = 0.001;

/** Number inputs reload after the user pauses typing for this long. */
const KNOB_DEBOUNCE_MS = 300;

/** The URL fragment that carries a shared run: `#s=v1.…`. */
const LINK_PREFIX = '#s=';

class LabController {
  private worker: Worker | null = null;
  private knobTimer: ReturnType<typeof setTimeout> | null = null;
  /** Scenarios opened from shared links, by their preset-list name. */
  private linked = new Map<string, PresetFile>();

  start(): void {
    if (this.worker) return;
    this.worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    this.worker.onerror = (e) => labStore.dispatch({ type: 'error', message: `worker: ${e.message || 'failed to start'}` });
    // URL parameters pick the opening state (used by tests and shareable links).
    const q = new URLSearchParams(location.search);
    const speed = parseSpeed(q.get('speed') ?? '');
    if (speed !== null) labStore.dispatch({ type: 'setSpeed', speed });
    const seed = Number(q.get('seed'));
    if (q.has('seed') && Number.isInteger(seed)) labStore.dispatch({ type: 'setSeed', seed });
    this.post({ type: 'init', presets: PRESET_FILES });
    // For end-to-end tests and the console: the live state and the series checksum.
    (window as unknown as { __netlab?: unknown }).__netlab = {
      state: () => labStore.getState(),
      series: () => seriesStore.checksum,
    };
    // A link pasted into this tab's address bar changes only the fragment: open it too.
    // (Our own history.replaceState calls do not fire hashchange.)
    window.addEventListener('hashchange', () => {
      if (location.hash.startsWith(LINK_PREFIX) && labStore.getState().presets.length > 0) {
        this.post({ type: 'openLink', link: decodeURIComponent(location.hash.slice(LINK_PREFIX.length)) });
      }
    });
  }

  selectPreset(name: string, variant?: string | null): void {
    labStore.dispatch({ type: 'selectPreset', name, variant });
    // A shared link in the address bar would no longer describe what runs.
    if (!this.linked.has(name) && location.hash.startsWith(LINK_PREFIX)) {
      history.replaceState(null, '', location.pathname + location.search);
    }
    this.load(true);
  }

  /** Opens a preset with a variant and knob settings chosen elsewhere (the gallery). */
  openPreset(name: string, variant: string | null, settings: Record<string, KnobValue>): void {
    labStore.dispatch({ type: 'selectPreset', name, variant });
    for (const [k, v] of Object.entries(settings)) labStore.dispatch({ type: 'setKnob', name: k, value: v });
    if (!this.linked.has(name) && location.hash.startsWith(LINK_PREFIX)) {
      history.replaceState(null, '', location.pathname + location.search);
    }
    this.load(true);
  }

  /** Runs a scenario from the editor (already validated there) under the current seed. */
  openScenario(text: string): void {
    this.post({ type: 'openText', text, seed: labStore.getState().seed });
  }

  /** The text of a preset or of an opened link / edited scenario, by its picker name. */
  presetText(name: string | null): string | undefined {
    if (name === null) return undefined;
    return (this.linked.get(name) ?? PRESET_FILES.find((f) => f.file === name))?.text;
  }

  /** Asks the worker for a link to the loaded run; puts it in the address bar and clipboard. */
  share(): void {
    const { speed } = labStore.getState();
    this.post({ type: 'share', view: { speed } });
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
  }

  pause(): void {
    this.post({ type: 'pause' });
  }

  reset(): void {
    this.load(false);
  }

  /** Pause and advance exactly `dt` simulated seconds. */
  step(dt = STEP_S): void {
    const s = labStore.getState();
    if (s.runId === 0 || s.run === 'finished' || s.seekTarget !== null) return;
    this.post({ type: 'step', dt });
  }

  /** Pause at simulated time `t` exactly (re-running from the seed when going back). */
  seek(t: number): void {
    if (labStore.getState().runId === 0 || !Number.isFinite(t)) return;
    this.post({ type: 'seek', t });
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
    const name = s.presetName ?? currentPreset(s)?.name;
    const file = (name !== undefined ? this.linked.get(name) : undefined) ?? PRESET_FILES.find((f) => f.file === name);
    if (!file) return;
    labStore.dispatch({ type: 'loading' });
    this.post({
      type: 'load',
      presetText: file.text,
      // Only what the user changed: the variant and the preset decide everything else
      // (a knob may be unset in the preset, and sending its shown value would change it).
      settings: s.knobEdits,
      variant: s.variant,
      seed: s.seed,
      play,
      speed: s.speed,
    });
  }

  /** The preset named in the URL (`?preset=`), else tcp-dumbbell, else the first one. */
  private openDefault(): void {
    const q = new URLSearchParams(location.search);
    const wanted = q.get('preset') ?? DEFAULT_PRESET;
    const names = labStore.getState().presets.map((p) => p.name);
    const name = names.includes(wanted) ? wanted : names.includes(DEFAULT_PRESET) ? DEFAULT_PRESET : names[0];
    if (name === undefined) {
      labStore.dispatch({ type: 'error', message: 'no presets found in public/scenarios' });
      return;
    }
    this.selectPreset(name, q.get('variant'));
  }

  private post(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private receive(msg: FromWorker): void {
    switch (msg.type) {
      case 'ready': {
        labStore.dispatch({ type: 'ready', engineVersion: msg.engineVersion, presets: msg.presets });
        if (msg.errors.length > 0) labStore.dispatch({ type: 'error', message: msg.errors[0]! });
        if (location.hash.startsWith(LINK_PREFIX)) {
          this.post({ type: 'openLink', link: decodeURIComponent(location.hash.slice(LINK_PREFIX.length)) });
          return;
        }
        this.openDefault();
        return;
      }
      case 'linkOpened': {
        this.linked.set(msg.preset.name, { file: msg.preset.name, text: msg.text });
        labStore.dispatch({ type: 'addPreset', preset: msg.preset });
        labStore.dispatch({ type: 'setSeed', seed: msg.seed });
        if (msg.view.speed !== undefined) labStore.dispatch({ type: 'setSpeed', speed: msg.view.speed });
        if (msg.notice) labStore.dispatch({ type: 'notice', message: msg.notice });
        this.selectPreset(msg.preset.name, null);
        return;
      }
      case 'linkFailed':
        labStore.dispatch({ type: 'notice', message: `The shared link could not be opened (${msg.message}). Showing a preset instead.` });
        history.replaceState(null, '', location.pathname + location.search);
        this.openDefault();
        return;
      case 'shared': {
        const url = `${location.origin}${location.pathname}${location.search}${LINK_PREFIX}${msg.link}`;
        history.replaceState(null, '', url);
        labStore.dispatch({ type: 'shared', url });
        navigator.clipboard?.writeText(url).catch(() => {
          /* not allowed here: the link is in the address bar and the text field */
        });
        return;
      }
      case 'loaded':
        seriesStore.reset(msg.meta);
        flowEvents.reset();
        decisionLog.reset();
        labStore.dispatch({ type: 'loaded', runId: msg.runId, duration: msg.duration, topology: msg.topology, playing: msg.playing });
        return;
      case 'playing':
        labStore.dispatch({ type: 'playing', playing: msg.playing });
        return;
      case 'tick': {
        if (msg.runId !== labStore.getState().runId) return;
        if (msg.meta) seriesStore.setMeta(msg.meta);
        const changed = seriesStore.append(msg.points) || msg.meta !== null;
        flowEvents.ingest(msg.snapshot?.events);
        decisionLog.ingest(msg.snapshot?.events);
        labStore.dispatch({
          type: 'tick',
          runId: msg.runId,
          simTime: msg.now,
          events: msg.events,
          snapshot: msg.snapshot,
          seriesChanged: changed,
        });
        return;
      }
      case 'finished':
        labStore.dispatch({ type: 'finished', runId: msg.runId, summary: msg.summary });
        return;
      case 'error':
        labStore.dispatch({ type: 'error', message: msg.message });
        return;
      case 'rewound':
        if (msg.runId !== labStore.getState().runId) return;
        seriesStore.reset(seriesStore.meta);
        flowEvents.reset();
        decisionLog.reset();
        labStore.dispatch({ type: 'rewound', runId: msg.runId });
        return;
      case 'seeking':
        labStore.dispatch({ type: 'seeking', runId: msg.runId, target: msg.target });
        return;
    }
  }
}

export const lab = new LabController();
