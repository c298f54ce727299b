// What the simulation worker's run is doing (worker/session.ts), as one explicit mode instead
// of flags (`playing`, `restoring`, a seek target) whose combinations had to be kept straight
// by hand in a dozen places (issue 28).
//
//   idle       no run: before the first load, and after a run panicked again while it was
//              rebuilt (given up)
//   paused     a run is loaded and stands still (after a load, a pause, a step, a seek)
//   playing    the play loop runs, pausing by itself at `until` (a guided tour's next stop)
//   seeking    time slices run towards `target` (messages are handled between them)
//   restoring  a seek that rebuilds the run on screen after an engine panic; a second panic
//              during it gives the run up
//   finished   every column ended (the summaries are posted)
//   crashed    an engine panic dropped the run's simulations; the run is still loaded and is
//              rebuilt by a seek (or restored at once when it had not ended)
//
// A run that stops always *settles* first — to paused, finished, crashed or idle, whichever
// its columns say — and only then starts something else; so every transition is in the table
// below, and the worker refuses one that is not (a bug in the worker, named in the error).

export type RunMode =
  | { name: 'idle' }
  | { name: 'paused' }
  | { name: 'playing'; until: number | null }
  | { name: 'seeking'; target: number }
  | { name: 'restoring'; target: number }
  | { name: 'finished' }
  | { name: 'crashed' };

export type ModeName = RunMode['name'];

/** The modes each mode may become (staying is allowed where it is listed). */
export const NEXT_MODES: Readonly<Record<ModeName, readonly ModeName[]>> = {
  // A load: the new run stands still until it is played.
  idle: ['idle', 'paused'],
  paused: ['paused', 'playing', 'seeking', 'finished', 'crashed'],
  // Playing again replaces the `until`; a seek or a step first pauses.
  playing: ['playing', 'paused', 'finished', 'crashed'],
  // A newer seek replaces the target; play or a load first stop the seek (settle).
  seeking: ['seeking', 'paused', 'finished', 'crashed'],
  // A user's seek during a rebuild keeps it a rebuild; a panic during it gives up (idle).
  restoring: ['restoring', 'paused', 'finished', 'idle'],
  // A seek back, or a new load.
  finished: ['finished', 'paused', 'seeking', 'crashed'],
  // Rebuilt (restoring, or a user's seek), replaced by a load, or given up.
  crashed: ['crashed', 'restoring', 'seeking', 'paused', 'idle'],
};

/** Whether `from` may become `to`. */
export function canBecome(from: ModeName, to: ModeName): boolean {
  return NEXT_MODES[from].includes(to);
}
