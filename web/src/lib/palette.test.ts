import { describe, expect, it } from 'vitest';
import { OKABE_ITO, colorFor } from './palette';

describe('colorFor (issue 30, item 13)', () => {
  it('keeps the Okabe–Ito colours for the first lines', () => {
    expect(OKABE_ITO.map((_, i) => colorFor(i))).toEqual([...OKABE_ITO]);
  });

  it('never gives two lines of one chart the same colour (a control stream and bulk.7 were both blue)', () => {
    const colors = Array.from({ length: 64 }, (_, i) => colorFor(i));
    expect(new Set(colors).size).toBe(colors.length);
    expect(colorFor(7)).not.toBe(colorFor(0));
  });
});
