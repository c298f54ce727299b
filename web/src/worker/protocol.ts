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
  /** Open a scenario written in the editor, run with `seed` (answered like a link). */
  | { type: 'openText'; text: string; seed: number }
  /** Encode the loaded scenario, its seed and the view as a link body. */
  | { type: 'share'; view: ShareView }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'speed'; speed: Speed };

/** The page state a shared link carries besides the scenario and seed. */
export interface ShareView {
  speed?: Speed;
}

export type FromWorker =
  | { type: 'ready'; engineVersion: string; presets: PresetDesc[]; errors: string[] }
  | { type: 'loaded'; runId: number; duration: number; topology: Topology | null; meta: SeriesMeta[]; playing: boolean }
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
  | { type: 'error'; message: string };
