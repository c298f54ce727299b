// The lab's keyboard shortcuts: Space plays or pauses, → steps (Shift+→ a bigger step), R
// restarts. Pure, so it is unit-tested; RunControls wires it to the window.

/**
 * 'held': Space held down after it toggled. It does nothing, but it is still the lab's key: let
 * through, it would scroll the page or, on a run control, click it when released.
 */
export type KeyAction = 'toggle' | 'step' | 'bigStep' | 'restart' | 'held';

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

/**
 * The run controls (Play/Pause, Step, Restart) are the buttons that declare the lab's shortcuts.
 * They keep focus after a click, so Space there would click Step again and again; in a player
 * Space plays or pauses, and these buttons are that player. Enter still activates them.
 */
function isRunControl(target: TargetLike | null): boolean {
  return (target?.getAttribute?.('aria-keyshortcuts') ?? null) !== null;
}

export function keyAction(e: KeyLike, target: TargetLike | null): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const tag = target?.tagName?.toUpperCase() ?? '';
  if (EDITING.has(tag) || target?.isContentEditable) return null;
  const role = target?.getAttribute?.('role') ?? null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      if ((ACTIVATED.has(tag) || role === 'button' || role === 'link') && !isRunControl(target)) return null;
      return e.repeat ? 'held' : 'toggle';
    case 'ArrowRight':
      // A focused slider (e.g. the charts' time brush) moves with the arrow keys itself, and
      // so does a focused view tab (the WAI-ARIA tabs pattern: → opens the next view).
      if (role === 'slider' || role === 'tab') return null;
      return e.shiftKey ? 'bigStep' : 'step';
    case 'r':
    case 'R':
      return e.repeat ? null : 'restart';
    default:
      return null;
  }
}
