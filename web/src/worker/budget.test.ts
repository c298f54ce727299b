import { describe, expect, it } from 'vitest';
import { PAGE_MAX_FLOWS, PAGE_MAX_SERIES, pageBudgetError, seriesGrowthError } from './budget';

describe('pageBudgetError', () => {
  it('lets the presets through and refuses a 2000-flow link, saying why', () => {
    expect(pageBudgetError(50, 454)).toBeNull();
    expect(pageBudgetError(PAGE_MAX_FLOWS, PAGE_MAX_SERIES)).toBeNull();
    const e = pageBudgetError(2000, 12004);
    expect(e).toMatch(/2000 flows; the page runs at most 100/);
    expect(e).toMatch(/freeze the tab/);
    expect(e).toMatch(/command-line netlab/);
    expect(pageBudgetError(10, PAGE_MAX_SERIES + 1)).toMatch(/series/);
  });

  it('stops a run whose series outgrow the budget', () => {
    expect(seriesGrowthError(PAGE_MAX_SERIES, 1)).toBeNull();
    expect(seriesGrowthError(PAGE_MAX_SERIES + 1, 2.5)).toMatch(/^stopped at t = 2\.500 s/);
  });
});
