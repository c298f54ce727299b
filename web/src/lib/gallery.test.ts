import { describe, expect, it } from 'vitest';
import { galleryGroups, splitDescription } from './gallery';

describe('gallery order', () => {
  it('puts the beginner scenarios first, then the paper families, then anything else', () => {
    const groups = galleryGroups(['bbr-fairness', 'bench-two-flows', 'quic-priority-control', 'tcp-dumbbell', 'tcp-single', 'new-one']);
    expect(groups.map((g) => g.id)).toEqual(['start', 'bbr', 'quic', 'other']);
    expect(groups[0]!.presets).toEqual(['tcp-single', 'tcp-dumbbell']);
    expect(groups.at(-1)!.presets).toEqual(['bench-two-flows', 'new-one']);
  });

  it('leaves no preset out and lists none twice', () => {
    const names = ['a', 'tcp-single', 'ecf3-uniform', 'b'];
    expect(galleryGroups(names).flatMap((g) => g.presets).sort()).toEqual([...names].sort());
  });
});

describe('splitDescription', () => {
  it('keeps the first sentence and folds the rest; decimals do not end a sentence', () => {
    const d = splitDescription('Two flows share 0.5 BDP (§3.2). What to look for: the long flow wins. More.');
    expect(d).toEqual({ short: 'Two flows share 0.5 BDP (§3.2).', rest: 'What to look for: the long flow wins. More.' });
  });

  it('cuts before "What to look for" when it comes first, and keeps a one-sentence text whole', () => {
    expect(splitDescription('Setup here; What to look for: x. Y.').short).toBe('Setup here;');
    expect(splitDescription('Just one sentence.')).toEqual({ short: 'Just one sentence.', rest: '' });
  });
});
