import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditor, isDirty } from './editorState';

describe('editor state', () => {
  it('keeps the last good scenario through invalid edits', () => {
    let s = editorReducer(initialEditor, { type: 'load', text: '{"a":1}', error: null, source: 'p' });
    expect(s.good).toBe('{"a":1}');
    s = editorReducer(s, { type: 'edit', text: '{"a":', error: 'malformed JSON: EOF' });
    expect(s.text).toBe('{"a":');
    expect(s.error).toMatch(/malformed/);
    expect(s.good).toBe('{"a":1}');
    expect(isDirty(s)).toBe(true);
    s = editorReducer(s, { type: 'edit', text: '{"a":2}', error: null });
    expect(s.good).toBe('{"a":2}');
    expect(s.error).toBeNull();
    expect(isDirty(s)).toBe(false);
  });

  it('has no good scenario when it loads an invalid one', () => {
    const s = editorReducer(initialEditor, { type: 'load', text: '{}', error: 'missing field `duration_s`', source: 'x' });
    expect(s.good).toBeNull();
    expect(s.source).toBe('x');
  });

  it('ignores an edit that changes nothing', () => {
    const s = editorReducer(initialEditor, { type: 'load', text: '{}', error: null, source: 'p' });
    expect(editorReducer(s, { type: 'edit', text: '{}', error: null })).toBe(s);
  });
});
