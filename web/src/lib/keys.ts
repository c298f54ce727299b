// The lab's keyboard shortcuts: Space plays or pauses, → steps (Shift+→ a bigger step), R
// restarts. Pure, so it is unit-tested; RunControls wires it to the window.

export type KeyAction = 'toggle' | 'step' | 'bigStep' | 'restart';

export interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
}

export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** Elements that use these keys themselves (typing, sliders, lists). */
const EDITING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
/** Elements Space (and Enter) activate natively: Space must click them, not toggle the run. */
const ACTIVATED = new Set(['BUTTON', 'A', 'SUMMARY']);

export function keyAction(e: KeyLike, target: TargetLike | null): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const tag = target?.tagName?.toUpperCase() ?? '';
  if (EDITING.has(tag) || target?.isContentEditable) return null;
  const role = target?.getAttribute?.('role') ?? null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      if (ACTIVATED.has(tag) || role === 'button' || role === 'link') return null;
      return e.repeat ? null : 'toggle';
    case 'ArrowRight':
      // A focused slider (e.g. the charts' time brush) moves with the arrow keys itself.
      if (role === 'slider') return null;
      return e.shiftKey ? 'bigStep' : 'step';
    case 'r':
    case 'R':
      return e.repeat ? null : 'restart';
    default:
      return null;
  }
}
