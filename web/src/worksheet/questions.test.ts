import { describe, expect, it } from 'vitest';
import type { PresetDesc } from '../types';
import type { Question } from '../generated';
import { offeredQuestions, textIn } from './questions';

const q = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  prompt: { en: 'How long?', zh: '多久？' },
  key: 1,
  explanation: 'Because.',
  number: { metric: 'jain', tolerance: 0.1 },
  ...extra,
});

const preset = (worksheet: Question[], origin?: PresetDesc['origin']): PresetDesc => ({
  name: 'p',
  title: 'P',
  look_for: '',
  description: '',
  duration_s: 10,
  knobs: [
    { name: 'aqm', label: 'Queue discipline', kind: 'enum', options: ['droptail', 'codel', 'pie'], bind: ['x'], value: 'droptail' },
    { name: 'buffer', label: 'Buffer', kind: 'number', bind: ['y'], min: 1, max: 10, step: 1, unit: 'packets', value: 5 },
  ],
  variants: ['quick'],
  variant_values: {},
  headline: [],
  tour: [],
  worksheet,
  origin,
});

const defaults = { aqm: 'droptail', buffer: 5 };
const ids = (o: { questions: Question[] }) => o.questions.map((x) => x.id);

describe('offeredQuestions', () => {
  const sheet = [q('plain'), q('codel', { when: { aqm: 'codel' } }), q('quick', { variant: 'quick' }), q('full', { variant: 'full' })];

  it('offers the questions written for the run on screen', () => {
    expect(ids(offeredQuestions(preset(sheet), null, defaults, defaults))).toEqual(['plain', 'full']);
    expect(ids(offeredQuestions(preset(sheet), 'quick', defaults, defaults))).toEqual(['plain', 'quick']);
    expect(ids(offeredQuestions(preset(sheet), null, defaults, { ...defaults, aqm: 'codel' }))).toEqual(['codel']);
  });

  it('withholds them, saying why, for a knob no question is written for or an edited scenario', () => {
    const moved = offeredQuestions(preset(sheet), null, defaults, { ...defaults, buffer: 7 });
    expect(moved.questions).toEqual([]);
    expect(moved.withheld).toContain('Buffer is 7 packets');
    expect(offeredQuestions(preset(sheet, { kind: 'edited', variant: null }), null, defaults, defaults).withheld).toContain('edited');
    expect(offeredQuestions(preset(sheet, { kind: 'shared', variant: null }), null, defaults, defaults).withheld).toContain('shared link');
    expect(offeredQuestions(preset([]), null, defaults, defaults)).toEqual({ questions: [], withheld: null });
  });

  it('reads a text in the page language, falling back to English', () => {
    expect(textIn({ en: 'How long?', zh: '多久？' }, 'zh')).toBe('多久？');
    expect(textIn({ en: 'How long?', zh: '多久？' }, 'ja')).toBe('How long?');
    expect(textIn('Plain', 'ja')).toBe('Plain');
  });
});
