// The notices a Web Worker raises, worded on the page (issue 31 §1). A worker has no message
// catalog loaded, so it posts what happened as data beside its English text (the text stays
// for logs and for a page that cannot word it), and the page replaces the text with the
// catalog's words in its own language on arrival. The engine's own detail stays as the engine
// wrote it.
import { i18n } from '../i18n/i18n';
import type { FromWorker } from './protocol';
import type { SweepOut } from '../sweep/protocol';

/** The engine panicked and a fresh instance replaced it; `kept`: the run on screen survives. */
export function engineRestarted(detail: string, kept: boolean): string {
  return kept
    ? i18n._({
        id: 'worker.engine-restarted.kept',
        message: 'the engine failed ({detail}) and was restarted with a fresh instance; the run on screen is kept. This is an engine bug: please report the scenario',
        values: { detail },
      })
    : i18n._({
        id: 'worker.engine-restarted.lost',
        message: 'the engine failed ({detail}) and was restarted with a fresh instance; pick a preset to go on. This is an engine bug: please report the scenario',
        values: { detail },
      });
}

/** A shared link's view.speed was refused: the run goes on at the page's speed. */
export function speedRefused(error: string): string {
  return i18n._({ id: 'worker.speed-refused', message: "{error}; the run uses the page's speed instead.", values: { error } });
}

/** A sweep point made the engine panic: it was skipped and the engine restarted. */
export function pointSkipped(detail: string): string {
  return i18n._({ id: 'worker.point-skipped', message: 'the engine failed ({detail}); this point was skipped and the engine restarted', values: { detail } });
}

/** The lab worker's message with its notices in the page's language. */
export function wordLab(msg: FromWorker): FromWorker {
  if (msg.type === 'error' && msg.restart) return { ...msg, message: engineRestarted(msg.restart.detail, msg.restart.kept) };
  if (msg.type === 'linkOpened' && msg.speedError) {
    return { ...msg, notice: [msg.linkNotice, speedRefused(msg.speedError)].filter((n) => n).join(' ') };
  }
  return msg;
}

/** A sweep worker's answer with its notice in the page's language. */
export function wordSweep(msg: SweepOut): SweepOut {
  return msg.type === 'error' && msg.restart ? { ...msg, message: pointSkipped(msg.restart.detail) } : msg;
}
