import { describe, expect, it } from 'vitest';
import { effectiveTheme, nextTheme, parseProjector, parseTheme, parseView, queryWithProjector, queryWithView, uiReducer } from './ui';

describe('ui store', () => {
  it('switches views and ignores unknown ones', () => {
    const s = { view: 'lab' as const, theme: 'system' as const, projector: false };
    expect(uiReducer(s, { type: 'view', view: 'compare' }).view).toBe('compare');
    expect(uiReducer(s, { type: 'view', view: 'lab' })).toBe(s);
    expect(uiReducer(s, { type: 'view', view: 'nope' as never })).toBe(s);
  });

  it('follows the system theme until the user picks one', () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
    // The toggle always flips what is on screen.
    expect(nextTheme('system', true)).toBe('light');
    expect(nextTheme('system', false)).toBe('dark');
    expect(nextTheme('dark', false)).toBe('light');
  });

  it('parses stored themes and view parameters defensively', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('purple')).toBe('system');
    expect(parseTheme(null)).toBe('system');
    expect(parseView('editor')).toBe('editor');
    expect(parseView('x')).toBe('lab');
    expect(parseView(null)).toBe('lab');
  });

  it('names the view shown in the query: the lab by no parameter, the others by ?view=', () => {
    expect(queryWithView('?view=editor&seed=1', 'lab')).toBe('?seed=1');
    expect(queryWithView('?view=editor', 'lab')).toBe('');
    expect(queryWithView('?seed=1', 'gallery')).toBe('?seed=1&view=gallery');
    expect(queryWithView('?view=gallery&projector=1', 'editor')).toBe('?view=editor&projector=1');
  });

  it('keeps projector mode in the query, leaving the other parameters as they are', () => {
    expect(parseProjector('1')).toBe(true);
    expect(parseProjector('on')).toBe(true);
    expect(parseProjector('0')).toBe(false);
    expect(parseProjector(null)).toBe(false);
    expect(queryWithProjector('?preset=bbr-fairness&seed=1', true)).toBe('?preset=bbr-fairness&seed=1&projector=1');
    expect(queryWithProjector('?projector=1&seed=1', false)).toBe('?seed=1');
    expect(queryWithProjector('?projector=1', false)).toBe('');
    const s = { view: 'lab' as const, theme: 'system' as const, projector: false };
    expect(uiReducer(s, { type: 'projector', on: true }).projector).toBe(true);
    expect(uiReducer(s, { type: 'projector', on: false })).toBe(s);
  });
});
