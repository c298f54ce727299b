import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerWords } from './messages';

// The many-flow view's group names come from the worker in English (worker/aggregate.ts); the
// legend names them through the catalogs. Flow ids and data-like group names stay as they are.
describe('ownerWords', () => {
  it("names the worker's aggregate groups through the catalogs, with their counts", () => {
    expect(ownerWords({ key: 'agg/top/others (12)/cwnd', owner: 'others (12)' })).toBe('others (12)');
    expect(ownerWords({ key: 'agg/path/path 2 (13)/cwnd', owner: 'path 2 (13)' })).toBe('path 2 (13)');
    expect(ownerWords({ key: 'agg/path/via r1-r2 (40)/cwnd', owner: 'via r1-r2 (40)' })).toBe('via r1-r2 (40)');
    expect(ownerWords({ key: 'agg/class/other groups (5)/cwnd', owner: 'other groups (5)' })).toBe('other groups (5)');
  });

  it('reads in the page language', () => {
    i18n.load('zh', { 'chart.group-others': '其余 {count} 条', 'chart.group-path': '路径 {path}（{count} 条）' });
    i18n.activate('zh');
    expect(ownerWords({ key: 'agg/top/others (12)/cwnd', owner: 'others (12)' })).toBe('其余 12 条');
    expect(ownerWords({ key: 'agg/path/path 2 (13)/cwnd', owner: 'path 2 (13)' })).toBe('路径 2（13 条）');
  });
  afterEach(() => i18n.activate('en'));

  it('leaves flow ids and data-like groups alone', () => {
    expect(ownerWords({ key: 'flow/others (12)/cwnd', owner: 'others (12)' })).toBe('others (12)');
    expect(ownerWords({ key: 'agg/class/G0 (20)/cwnd', owner: 'G0 (20)' })).toBe('G0 (20)');
    expect(ownerWords({ key: 'agg/algorithm/cubic (10)/cwnd', owner: 'cubic (10)' })).toBe('cubic (10)');
  });
});
