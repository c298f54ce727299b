// The scenario editor's draft: what the user is typing, the engine validator's verdict on it,
// and the last version that passed, which is what "Run" uses. An invalid edit never replaces
// the last good scenario. Pure reducer; the component supplies the validator's message.
import { createStore } from '../store/store';

export interface EditorState {
  /** The raw JSON being edited (the form writes it too). */
  text: string;
  /** The validator's one-line message for `text`, or null when it is valid. */
  error: string | null;
  /** The last text that validated; null until one has. */
  good: string | null;
  /** Where the draft came from (a preset name), for the header. */
  source: string | null;
  /** The preset variant applied to the text it was loaded with (the lab shows it after a run). */
  variant: string | null;
  /** Bumped on every accepted change, so views can tell a reload from an edit. */
  revision: number;
}

export type EditorAction =
  | { type: 'load'; text: string; error: string | null; source: string; variant?: string | null }
  | { type: 'edit'; text: string; error: string | null };

export const initialEditor: EditorState = { text: '', error: null, good: null, source: null, variant: null, revision: 0 };

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'load':
      return { text: a.text, error: a.error, good: a.error === null ? a.text : null, source: a.source, variant: a.variant ?? null, revision: s.revision + 1 };
    case 'edit':
      if (a.text === s.text && a.error === s.error) return s;
      return { ...s, text: a.text, error: a.error, good: a.error === null ? a.text : s.good, revision: s.revision + 1 };
  }
}

/** Whether the draft differs from what "Run" would use. */
export function isDirty(s: EditorState): boolean {
  return s.good !== s.text;
}

export const editorStore = createStore<EditorState, EditorAction>(editorReducer, initialEditor);
