import { describe, expect, it, vi } from 'vitest';

import { loadOnce } from '../../src/shared/load-once';

describe('loadOnce', () => {
  it('runs the load once and gives every call its promise', async () => {
    const load = vi.fn(async (name: string) => `module ${name}`);
    const get = loadOnce(load);
    const [first, second] = await Promise.all([get('a'), get('b')]);
    expect([first, second, await get('c')]).toEqual(['module a', 'module a', 'module a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so that the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const get = loadOnce(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('module');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
