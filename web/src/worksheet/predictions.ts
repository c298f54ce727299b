// A student's predictions, saved in the browser (localStorage) per preset and question, so a
// reload keeps them; and the lock: the run a set of predictions was locked for. A prediction
// is judged only for a run that started after it was locked (sim: WorksheetPanel).
const KEY = 'netlab.worksheet.';

export type Predictions = Record<string, number>;

export function loadPredictions(preset: string): Predictions {
  try {
    const raw = globalThis.localStorage?.getItem(KEY + preset);
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (typeof v !== 'object' || v === null) return {};
    return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'number' && Number.isFinite(x))) as Predictions;
  } catch {
    return {};
  }
}

export function savePredictions(preset: string, p: Predictions): void {
  try {
    if (Object.keys(p).length === 0) globalThis.localStorage?.removeItem(KEY + preset);
    else globalThis.localStorage?.setItem(KEY + preset, JSON.stringify(p));
  } catch {
    // Storage full or disabled: the predictions live for this page only.
  }
}
