import { describe, expect, it } from 'vitest';

import { parseRsdoctor } from '@site/src/site/env';

describe('parseRsdoctor', () => {
  it('adds the bundle analysis only when RSDOCTOR is true', () => {
    expect(parseRsdoctor({})).toBe(false);
    expect(parseRsdoctor({ RSDOCTOR: 'false' })).toBe(false);
    expect(parseRsdoctor({ RSDOCTOR: 'true' })).toBe(true);
  });

  it('rejects any other value', () => {
    expect(() => parseRsdoctor({ RSDOCTOR: '1' })).toThrow(/RSDOCTOR is "1"/);
  });
});
