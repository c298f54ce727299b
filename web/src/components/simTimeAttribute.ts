// The simulated time as the app root's `data-sim-time` attribute (what tests and the first-load
// benchmark wait on). It changes with every tick, so it is written straight to the DOM: reading
// it in a component would re-render the whole page (every panel) 15–30 times a second.
import { type RefObject, useEffect } from 'react';
import { labStore } from '../store/store';

export function useSimTimeAttribute(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let shown: number | null = null;
    const show = () => {
      const t = labStore.getState().simTime;
      if (t !== shown) ref.current?.setAttribute('data-sim-time', String((shown = t)));
    };
    show();
    return labStore.subscribe(show);
  }, [ref]);
}
