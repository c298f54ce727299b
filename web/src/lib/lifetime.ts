// A flow's lifetime as the engine reports it (sim-wasm/core/src/sim/flow_series.rs, issue 30
// item 4): before its start time a flow is "not started", once the receiver holds its last byte
// it is "done". In either state it has no window, flight, RTT or controller state: the engine
// records none in the series, and every view shows none from the snapshot.

/** The engine's state names outside a flow's lifetime (flow_series::NOT_STARTED and ::DONE). */
export const NOT_STARTED = 'not started';
export const DONE = 'done';

/** Whether a flow in `state` is outside its lifetime. */
export function outsideLifetime(state: string | null | undefined): boolean {
  return state === NOT_STARTED || state === DONE;
}
