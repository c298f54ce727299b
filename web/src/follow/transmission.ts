// "A click names the transmission the dot actually is" (issue 32): the picture's packets carry no
// transmission count, so a picked packet is resolved by the engine's follower (core
// sim/follow.rs) — the scenario re-run to the time on screen, following the packet that is on
// the clicked link then — and a drop then names that transmission (`transmission`, default 1):
// a data packet's n-th transmission, or for an ACK the n-th with its number (the first, then
// each duplicate).
import type { DropSpec, FollowRequest, Journey } from '../generated';

/** What the resolution needs of a simulation (the wasm `Simulation`). */
export interface FollowingSim {
  follow_json(request?: string): void;
  advance_to(t_s: number): boolean;
  journey_json(): string;
  free(): void;
}

/** Which transmission `req` picks (1 = the original), running `sim` to its time; null if none. */
export function transmissionOf(sim: FollowingSim, req: FollowRequest): number | null {
  try {
    sim.follow_json(JSON.stringify(req));
    sim.advance_to(req.at_s);
    const j = JSON.parse(sim.journey_json()) as Journey | null;
    return j?.transmission ?? null;
  } finally {
    sim.free();
  }
}

/** `drop` naming transmission `n` (left at its default, the first, when n is 1 or unknown). */
export function withTransmission(drop: DropSpec, n: number | null): DropSpec {
  const { transmission: _, ...rest } = drop;
  return n !== null && n > 1 ? { ...rest, transmission: n } : rest;
}
