import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

function counter(values: string[] = []) {
  let calls = 0;
  return {
    load: async () => values[calls++] ?? `value ${calls}`,
    get calls() {
      return calls;
    },
  };
}

describe('ReadCache', () => {
  it('loads once and answers from memory while live, until a change', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    const source = counter();
    expect(await cache.get('k', source.load)).toBe('value 1');
    expect(await cache.get('k', source.load)).toBe('value 1');
    expect(source.calls).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', source.load)).toBe('value 2');
    expect(source.calls).toBe(2);
  });

  it('asks the source every time while changes are not known to arrive', async () => {
    const cache = new ReadCache();
    const source = counter();
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
    cache.setLive(true);
    await cache.get('k', source.load);
    // The feed dropping forgets what was kept: changes may have been missed.
    cache.setLive(false);
    cache.setLive(true);
    await cache.get('k', source.load);
    expect(source.calls).toBe(4);
  });

  it('shares one load between concurrent requests, and drops it when a change lands while it runs', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    let release!: (value: string) => void;
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    expect(loads).toBe(1);
    cache.invalidate();
    release('before the change');
    expect(await first).toBe('before the change');
    expect(await second).toBe('before the change');
    // What was read before the change is not answered after it.
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('stays within its size and its maximum age', async () => {
    let now = 0;
    const cache = new ReadCache({ maxEntries: 2, maxAgeMs: 1_000, now: () => now });
    cache.setLive(true);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    const source = counter();
    await cache.get('c', source.load);
    expect(source.calls).toBe(0);
    now = 1_000;
    await cache.get('c', source.load);
    expect(source.calls).toBe(1);
  });

  it('drops only the entries of a tag when that tag changes', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    const a = counter();
    const b = counter();
    await cache.get('counts:song-a:viewer-1', a.load, { tag: 'song-a' });
    await cache.get('counts:song-a:viewer-2', a.load, { tag: 'song-a' });
    await cache.get('counts:song-b:viewer-1', b.load, { tag: 'song-b' });
    cache.invalidateTag('song-a');
    await cache.get('counts:song-a:viewer-1', a.load, { tag: 'song-a' });
    await cache.get('counts:song-a:viewer-2', a.load, { tag: 'song-a' });
    await cache.get('counts:song-b:viewer-1', b.load, { tag: 'song-b' });
    expect(a.calls).toBe(4);
    expect(b.calls).toBe(1);
  });
});
