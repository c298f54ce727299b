// The lab's polite live region (issue 31 §2): a screen reader hears the run start, pause and
// finish, and the losses of the flow in focus, at most one message per 2 s of wall time
// (rateLimiter.ts; what comes sooner is merged and said late, never dropped). Seeks are silent
// until they land ("Paused at 3.2 s"). The words are a11y/messages.ts; the logic a11y/announce.ts.
import { useEffect, useRef } from 'react';
import { lab } from '../sim/controller';
import { currentPreset, visibleState } from '../store/state';
import { labStore } from '../store/store';
import type { Snapshot } from '../types';
import { type LossNote, type Note, lossCounts, mergeLoss, noteText, runNote } from './announce';
import { runPaused } from './messages';
import { RateLimiter } from './rateLimiter';
import { presetTitle } from '../i18n/localText';

export function LiveRegion() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Written straight to the DOM when the limiter sends: a React render could come later, when
    // the page is busy, and so closer to the next message than the limiter allows.
    let count = 0;
    const limiter = new RateLimiter<Note>((notes) => {
      const el = ref.current;
      if (!el) return;
      el.textContent = notes.map(noteText).join(' ');
      el.dataset.count = String(++count);
    });
    let st = labStore.getState();
    let runId = st.runId;
    let state = visibleState(st);
    let seeking = st.seekTarget !== null;
    // Each flow's window in the snapshot before, by flow index: the "before" of a loss.
    let cwnd = new Map<number, number>();
    const unStore = labStore.subscribe(() => {
      const s = labStore.getState();
      if (s.runId !== runId) {
        // A new run: the old one's waiting news is stale.
        runId = s.runId;
        limiter.clear();
        cwnd = new Map();
      }
      const wasSeeking = seeking;
      seeking = s.seekTarget !== null;
      if (seeking) return;
      const next = visibleState(s);
      const note = runNote(state, next, s.simTime, (presetTitle(currentPreset(s)) || s.presetName) ?? '');
      if (note) limiter.post('run', () => note);
      else if (wasSeeking && next === 'paused') limiter.post('run', () => ({ kind: 'run', text: runPaused(s.simTime) }));
      state = next;
    });
    const unSnap = lab.onSnapshot((snap: Snapshot) => {
      const s = labStore.getState();
      const sel = s.selection;
      const focus = sel?.kind === 'flow' ? snap.flows.find((f) => f.id === sel.id) : snap.flows[0];
      const before = new Map(cwnd);
      for (const f of snap.flows) cwnd.set(f.index, f.cwnd);
      if (!focus || s.seekTarget !== null) return;
      const counts = lossCounts(snap.events, focus.index);
      if (counts.detections + counts.timeouts === 0) return;
      const prev = before.get(focus.index) ?? focus.cwnd;
      limiter.post('loss', (w) => mergeLoss(w as LossNote | undefined, focus.id, counts, prev, focus.cwnd));
    });
    return () => {
      unStore();
      unSnap();
      limiter.clear();
    };
  }, []);
  return (
    <div ref={ref} className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region" data-count={0} />
  );
}
