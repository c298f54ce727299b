// Messages between the page and the simulation worker (worker/sim.worker.ts): one protocol for
// the lab (one column, plus step, seek, links and share) and A/B compare (N columns in lockstep).
//
// The page numbers its loads; every message from the worker carries the run id it belongs to
// (0 before any load), so the page can drop a stale run's messages (store/run.ts, `staleRun`).
import type { AggMode, Frame, ViewSpec } from './aggregate';
import type { KnobValue, PresetDesc, SeriesMeta, Speed, Summary, Topology } from '../types';
import type { DropSpec, FollowRequest, Journey, TraceWindow } from '../generated';
import type { PackedSnapshot } from '../lib/packedSnapshot';

export interface PresetFile {
  /** File name without .json. */
  file: string;
  text: string;
}

/** One column of a run: the knob settings applied to the shared scenario text. */
export interface ColumnSpec {
  /** Knob values on top of the preset and variant (only what differs from them). */
  settings: Record<string, KnobValue>;
  /** How errors name the column ("column B (cc=reno)"); null for the lab's only column. */
  name: string | null;
}

export type ToWorker =
  /**
   * The engine's module, compiled by the page (lib/wasmModule.ts), sent first to every new
   * worker; null when the page could not get it (the worker then fetches the wasm itself).
   */
  | { type: 'module'; module: WebAssembly.Module | null }
  /** Start the engine (the page lists the presets from its build-time index: presets.ts). */
  | { type: 'init' }
  | {
      type: 'load';
      /** Given by the page, larger than every earlier load's. */
      runId: number;
      presetText: string;
      variant: string | null;
      seed: number;
      /** One simulation each, all under `seed`, advanced in lockstep on one clock. */
      columns: ColumnSpec[];
      play: boolean;
      speed: Speed;
      /** Post live snapshots of the first column (the lab's topology view and inspector). */
      snapshots: boolean;
    }
  /** Open a shareable link body (`v1.…`, from the URL's `#s=`). */
  | { type: 'openLink'; link: string }
  /**
   * Open a scenario written in the editor, run with `seed` (answered like a link); `variant`
   * is the preset variant the editor applied to the text it started from.
   */
  | { type: 'openText'; text: string; seed: number; variant: string | null }
  /** Encode the loaded scenario (its first column), its seed and the view as a link body. */
  | { type: 'share'; view: ShareView }
  /**
   * Open the loaded scenario again with `add` appended to its `drops`, or (null) the last drop
   * removed — answered like 'openText' (issue 32: drop the packet you point at).
   */
  | {
      type: 'editDrops';
      add: DropSpec | null;
      /** A data packet picked where it was seen: the engine names which transmission it is (follow/transmission.ts). */
      resolve?: FollowRequest;
    }
  /** `until`: pause exactly at this simulated time (a guided tour's next stop). */
  | { type: 'play'; until?: number }
  | { type: 'pause' }
  | { type: 'speed'; speed: Speed }
  /** Pause and advance exactly `dt` simulated seconds (a fixed-size step, not one event). */
  | { type: 'step'; dt: number }
  /**
   * Pause and go to simulated time `t` exactly: forward by running on, backward by re-running
   * the same scenario and seed from 0 (deterministic, so the state is what a run to t gives).
   */
  | {
      type: 'seek';
      t: number;
      /**
       * Re-run from 0 even when `t` is not earlier: the sequence diagram's "trace from t = 0"
       * (tracing turned on mid-run then covers the run from its start; same state at `t`).
       */
      rerun?: boolean;
    }
  /**
   * How a run with many flows is drawn (worker/aggregate.ts): aggregate by size class, path or
   * algorithm, or the top-N flows plus others, and the flows picked to be drawn on their own.
   */
  | { type: 'view'; view: ViewSpec }
  /**
   * The sequence diagram's request (issue 16): trace flow `flow` of the run on screen (its index;
   * null stops tracing), and answer with its packets overlapping [`since`, `until`] simulated
   * seconds, at most about `max` of them. Tracing starts when first asked and is kept across
   * backward seeks and reloads of the run, so after one the trace covers the run from t = 0.
   */
  | { type: 'trace'; id: number; flow: number | null; since: number; until: number; max: number }
  /**
   * Follow one data packet of the run on screen (issue 32, core sim/follow.rs), or stop (null).
   * The run is re-run from 0 to the time on screen with the follower on (deterministic: same
   * state), so the journey covers the packet from its send; every tick then carries it.
   */
  | { type: 'follow'; request: FollowRequest | null }
  /** Pause and go to the followed packet's next event (not a fixed step). */
  | { type: 'followStep' }
  /** Tests only: make the engine panic on purpose, to exercise the worker's recovery. */
  | { type: 'debugPanic' };

/** The page state a shared link carries besides the scenario and seed. */
export interface ShareView {
  speed?: Speed;
  /** The preset variant the shared scenario was made with (its text has it applied). */
  variant?: string | null;
}

/** One column's progress in a tick. */
export interface ColumnTick {
  /** This column's simulated time (the shared clock, or where it ended). */
  now: number;
  events: number;
  finished: boolean;
  /**
   * The drawn series' samples since the previous tick: instants × drawn series, bounded to
   * TICK_MAX_BYTES whatever the flow count (worker/aggregate.ts); its buffers are transferred.
   * A longer catch-up (a seek) comes as several consecutive tick messages, in time order.
   */
  frame: Frame;
  /** The column's drawn series list, sent when it changed (it indexes `frame`). */
  meta: SeriesMeta[] | null;
  /**
   * With a changed list: the past of the series new to the page, as [drawn index, t_s, value]
   * triples (once per pick or view change; not part of the per-tick bound).
   */
  history: Float64Array | null;
  /** How the column is drawn: null when every series is (few flows), else the view's mode. */
  aggregate: AggregateInfo | null;
}

/** A column drawn as aggregates: the view and the whole flows one may pick. */
export interface AggregateInfo {
  mode: AggMode;
  picked: string[];
  /** Owners of whole flows, in the engine's order (the flow picker's list). */
  flows: string[];
  /** The MPTCP connection whose series are sent for the MPTCP panel (ViewSpec.focus). */
  focus: string | null;
  /** MPTCP connections with series: the ones the MPTCP panel can chart. */
  connections: string[];
}

type Message =
  | { type: 'ready'; engineVersion: string }
  | {
      type: 'loaded';
      duration: number;
      /** When this run ends, if the same scenario and seed already ran to the end (one column); else null. */
      end: number | null;
      /** Per column. */
      topologies: (Topology | null)[];
      /** Per column: the drawn series (worker/aggregate.ts). */
      meta: SeriesMeta[][];
      /** Per column: how it is drawn (null: every series). */
      aggregate: (AggregateInfo | null)[];
      playing: boolean;
    }
  | { type: 'playing'; playing: boolean }
  | {
      type: 'tick';
      /** The shared clock: every unfinished column stands exactly here. */
      now: number;
      columns: ColumnTick[];
      /** The first column's live snapshot (when the load asked for them), packed: the page
       * decodes it (lib/packedSnapshot.ts). */
      snapshot: PackedSnapshot | null;
    }
  /** Column `column` ran to its end. */
  | { type: 'finished'; column: number; summary: Summary }
  /** A pause of a run of several columns: every column's summary so far, at the clock `simTime`. */
  | { type: 'summaries'; simTime: number; summaries: Summary[] }
  /** A backward seek restarted the run from t = 0 (same run id): drop its points. */
  | { type: 'rewound' }
  /** A seek started (target) or ended (null). */
  | { type: 'seeking'; target: number | null }
  | {
      type: 'linkOpened';
      /** The shared scenario described like a preset (its knobs are the scenario's). */
      preset: PresetDesc;
      text: string;
      seed: number;
      view: ShareView;
      /** e.g. the link was made by another engine version; with the refused speed's sentence, in English. */
      notice: string | null;
      /** The link's own notice alone, and the refused view.speed's error (the page words the pair: worker/wording.ts). */
      linkNotice?: string | null;
      speedError?: string | null;
    }
  | { type: 'linkFailed'; message: string }
  | { type: 'shared'; link: string }
  /** The answer to request `id` of type 'trace': the window, or null (no run, or tracing off), or why not. */
  | { type: 'trace'; id: number; trace: TraceWindow | null; error: string | null }
  /** The followed packet's journey at the time on screen (null: not sent yet), or why following failed. */
  | { type: 'journey'; journey: Journey | null; error: string | null }
  /** `restart`: the engine panicked and was replaced, the page words it (worker/wording.ts). */
  | { type: 'error'; message: string; kind?: ErrorKind; restart?: { detail: string; kept: boolean } };

/**
 * A message from the worker. `runId`: the run it is about — the run on screen, or for a load's
 * answer (loaded, or the error refusing it) the load's own id.
 */
export type FromWorker = Message & { runId: number };

/**
 * What an error is about, for its banner: a setting the engine rejects (the default), an engine
 * failure the worker recovered from, a run too large for the page (worker/budget.ts), or an
 * engine the network did not deliver (worker/engineStart.ts; Play tries again).
 */
export type ErrorKind = 'invalid' | 'engine' | 'budget' | 'download';
