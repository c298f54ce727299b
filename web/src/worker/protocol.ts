// Messages between the UI thread and the simulation worker.
import type { KnobValue, PresetDesc, SeriesMeta, Snapshot, Speed, Summary, Topology } from '../types';

export interface PresetFile {
  /** File name without .json. */
  file: string;
  text: string;
}

export type ToWorker =
  | { type: 'init'; presets: PresetFile[] }
  | {
      type: 'load';
      presetText: string;
      settings: Record<string, KnobValue>;
      variant: string | null;
      seed: number;
      play: boolean;
      speed: Speed;
    }
  /** Open a shareable link body (`v1.…`, from the URL's `#s=`). */
  | { type: 'openLink'; link: string }
  /**
   * Open a scenario written in the editor, run with `seed` (answered like a link); `variant`
   * is the preset variant the editor applied to the text it started from.
   */
  | { type: 'openText'; text: string; seed: number; variant: string | null }
  /** Encode the loaded scenario, its seed and the view as a link body. */
  | { type: 'share'; view: ShareView }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'speed'; speed: Speed }
  /** Pause and advance exactly `dt` simulated seconds (a fixed-size step, not one event). */
  | { type: 'step'; dt: number }
  /**
   * Pause and go to simulated time `t` exactly: forward by running on, backward by re-running
   * the same scenario and seed from 0 (deterministic, so the state is what a run to t gives).
   */
  | { type: 'seek'; t: number }
  /** Tests only: make the engine panic on purpose, to exercise the worker's recovery. */
  | { type: 'debugPanic' };

/** The page state a shared link carries besides the scenario and seed. */
export interface ShareView {
  speed?: Speed;
  /** The preset variant the shared scenario was made with (its text has it applied). */
  variant?: string | null;
}

export type FromWorker =
  | { type: 'ready'; engineVersion: string; presets: PresetDesc[]; errors: string[] }
  | {
      type: 'loaded';
      runId: number;
      duration: number;
      /** When this run ends, if the same scenario and seed already ran to the end; else null. */
      end: number | null;
      topology: Topology | null;
      meta: SeriesMeta[];
      playing: boolean;
    }
  | { type: 'playing'; playing: boolean }
  | {
      type: 'tick';
      runId: number;
      now: number;
      events: number;
      /** Flattened [series_index, t_s, value, ...] since the previous tick. */
      points: Float64Array;
      /** The whole series list, sent when it grew. */
      meta: SeriesMeta[] | null;
      snapshot: Snapshot | null;
    }
  | { type: 'finished'; runId: number; summary: Summary }
  /** A backward seek restarted the run from t = 0 (same run id): drop its points. */
  | { type: 'rewound'; runId: number }
  /** A seek started (target) or ended (null). */
  | { type: 'seeking'; runId: number; target: number | null }
  | {
      type: 'linkOpened';
      /** The shared scenario described like a preset (its knobs are the scenario's). */
      preset: PresetDesc;
      text: string;
      seed: number;
      view: ShareView;
      /** e.g. the link was made by another engine version. */
      notice: string | null;
    }
  | { type: 'linkFailed'; message: string }
  | { type: 'shared'; link: string }
  | { type: 'error'; message: string; kind?: ErrorKind };

/**
 * What an error is about, for its banner: a setting the engine rejects (the default), an engine
 * failure the worker recovered from, or a run too large for the page (worker/budget.ts).
 */
export type ErrorKind = 'invalid' | 'engine' | 'budget';
