import { describe, expect, it } from 'vitest';
import { keyAction } from './keys';

const el = (tagName: string, role: string | null = null, shortcuts: string | null = null) => ({
  tagName,
  getAttribute: (n: string) => (n === 'role' ? role : n === 'aria-keyshortcuts' ? shortcuts : null),
});

describe('keyAction', () => {
  it('maps Space, → and R on the page', () => {
    const body = el('BODY');
    expect(keyAction({ key: ' ' }, body)).toBe('toggle');
    expect(keyAction({ key: 'ArrowRight' }, body)).toBe('step');
    expect(keyAction({ key: 'ArrowRight', shiftKey: true }, body)).toBe('bigStep');
    expect(keyAction({ key: 'r' }, body)).toBe('restart');
    expect(keyAction({ key: 'R', shiftKey: true }, null)).toBe('restart');
    expect(keyAction({ key: 'x' }, body)).toBeNull();
  });

  it('leaves typing, sliders and selects alone', () => {
    for (const tag of ['INPUT', 'SELECT', 'TEXTAREA']) {
      expect(keyAction({ key: ' ' }, el(tag))).toBeNull();
      expect(keyAction({ key: 'ArrowRight' }, el(tag))).toBeNull();
      expect(keyAction({ key: 'r' }, el(tag))).toBeNull();
    }
    expect(keyAction({ key: 'r' }, { tagName: 'DIV', isContentEditable: true })).toBeNull();
  });

  it('leaves the arrow keys to a focused view tab (→ opens the next view, it does not step)', () => {
    expect(keyAction({ key: 'ArrowRight' }, el('BUTTON', 'tab'))).toBeNull();
    expect(keyAction({ key: 'ArrowRight', shiftKey: true }, el('BUTTON', 'tab'))).toBeNull();
  });

  it('leaves the arrow keys to a focused slider (the time brush)', () => {
    expect(keyAction({ key: 'ArrowRight' }, el('DIV', 'slider'))).toBeNull();
    expect(keyAction({ key: 'ArrowRight', shiftKey: true }, el('DIV', 'slider'))).toBeNull();
    expect(keyAction({ key: ' ' }, el('DIV', 'slider'))).toBe('toggle');
  });

  it('lets Space click a focused button but still steps from it', () => {
    expect(keyAction({ key: ' ' }, el('BUTTON'))).toBeNull();
    expect(keyAction({ key: ' ' }, el('g', 'button'))).toBeNull();
    expect(keyAction({ key: 'ArrowRight' }, el('BUTTON'))).toBe('step');
  });

  it('plays or pauses with Space on a focused run control (Step keeps focus after a click)', () => {
    expect(keyAction({ key: ' ' }, el('BUTTON', null, 'ArrowRight'))).toBe('toggle');
    expect(keyAction({ key: ' ' }, el('BUTTON', null, 'Space'))).toBe('toggle');
    expect(keyAction({ key: ' ', repeat: true }, el('BUTTON', null, 'R'))).toBe('held');
  });

  it('ignores browser shortcuts and held-down toggles', () => {
    expect(keyAction({ key: 'r', ctrlKey: true }, el('BODY'))).toBeNull();
    expect(keyAction({ key: 'r', metaKey: true }, el('BODY'))).toBeNull();
    // Held Space toggles once; the repeats are swallowed (no page scroll).
    expect(keyAction({ key: ' ', repeat: true }, el('BODY'))).toBe('held');
    // Holding → keeps stepping.
    expect(keyAction({ key: 'ArrowRight', repeat: true }, el('BODY'))).toBe('step');
  });
});
