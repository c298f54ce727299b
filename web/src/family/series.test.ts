import { describe, expect, it } from 'vitest';
import { subflowPath } from './series';

describe('subflow series owners', () => {
  it('takes the path number of the flow\'s own subflows only', () => {
    expect(subflowPath('file@p3', 'file')).toBe(3);
    expect(subflowPath('m.12@p10', 'm.12')).toBe(10);
    expect(subflowPath('m.1@p2', 'm.12')).toBeNull(); // another flow whose id is a prefix
    expect(subflowPath('m.12@p2', 'm.1')).toBeNull();
    expect(subflowPath('file', 'file')).toBeNull();
    expect(subflowPath('file@px', 'file')).toBeNull();
  });
});
