// When the time axis' d3 behaviours (timeBehaviours.ts: d3-zoom, d3-brush, d3-transition) load:
// once the first run is live (issue 31 part 5, first load over a shared classroom link), so their
// code does not share the link with the engine's download. sim/firstRunLive.ts says when; this
// module imports nothing of the store's (the store's run reducer imports charts/timeBrush.ts). A chart or the overview strip made
// before gets a stand-in that remembers the last state to show and hands it over on arrival.
import type { TimeWindow } from '../types';

type Behaviours = typeof import('./timeBehaviours');

let goLive: () => void = () => {};
const live = new Promise<void>((resolve) => (goLive = resolve));

/** The first run is live: the behaviours may load (sim/firstRunLive.ts calls this). */
export function timeBehavioursMayLoad(): void {
  goLive();
}

let behaviours: Promise<Behaviours> | null = null;

/** The behaviours' module, fetched once the first run is live. */
export function timeBehaviours(): Promise<Behaviours> {
  behaviours ??= live
    .then(() => import('./timeBehaviours'))
    .catch((e: unknown) => {
      // Not fetched (the network dropped before the service worker had it): the next chart asks again.
      behaviours = null;
      throw e;
    });
  return behaviours;
}

/** A zoom or a brush: kept in step with the shared time window, destroyed with its element. */
interface TimeBehaviour {
  update(width: number, height: number, duration: number, window: TimeWindow): void;
  destroy(): void;
}

/** `load`'s behaviour once it resolves; until then the last update is kept and applied on arrival. */
export function deferred(load: () => Promise<TimeBehaviour>): TimeBehaviour {
  let real: TimeBehaviour | null = null;
  let last: Parameters<TimeBehaviour['update']> | null = null;
  let destroyed = false;
  load().then(
    (b) => {
      if (destroyed) return;
      real = b;
      if (last) b.update(...last);
    },
    // Without its code the chart still draws and follows the shared window; it just cannot be zoomed itself.
    () => {},
  );
  return {
    update(...args) {
      if (real) real.update(...args);
      else last = args;
    },
    destroy() {
      destroyed = true;
      real?.destroy();
    },
  };
}
