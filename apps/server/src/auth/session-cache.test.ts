import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const owner = (id: string) => ({ id, email: `${id}@example.test`, sessionId: `s-${id}` });
const farFuture = new Date(Date.UTC(2100, 0, 1));

function liveCache(options: ConstructorParameters<typeof SessionCache>[0]) {
  const cache = new SessionCache(options);
  cache.setLive(true);
  return cache;
}

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('answers for the exact cookie it verified, until its lifetime runs out', () => {
    const time = clock();
    const cache = liveCache({ ttlMs: 10_000, now: time.now });
    cache.set('tok1.sig1', owner('a'), farFuture);
    expect(cache.get('tok1.sig1')).toEqual(owner('a'));
    // Same token with another signature was never verified.
    expect(cache.get('tok1.forged')).toBeNull();
    time.advance(9_999);
    expect(cache.get('tok1.sig1')).toEqual(owner('a'));
    time.advance(1);
    expect(cache.get('tok1.sig1')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never answers past the end of the session itself', () => {
    const time = clock();
    const cache = liveCache({ ttlMs: 10_000, now: time.now });
    cache.set('tok1.sig1', owner('a'), new Date(time.now() + 2_000));
    time.advance(2_000);
    expect(cache.get('tok1.sig1')).toBeNull();
  });

  it('forgets a revoked session at once and refuses a lookup that raced the revocation', () => {
    const time = clock();
    const cache = liveCache({ ttlMs: 10_000, now: time.now });
    cache.set('tok1.sig1', owner('a'), farFuture);
    cache.forgetSession('s-a');
    expect(cache.get('tok1.sig1')).toBeNull();
    // A database read that started before the sign-out finishes after it.
    cache.set('tok1.sig1', owner('a'), farFuture);
    expect(cache.get('tok1.sig1')).toBeNull();
    time.advance(10_000);
    cache.set('tok1.sig1', owner('a'), farFuture);
    expect(cache.get('tok1.sig1')).toEqual(owner('a'));
  });

  it('keeps nothing while ended sessions are not known to be announced', () => {
    const cache = new SessionCache({ ttlMs: 10_000 });
    cache.set('tok1.sig1', owner('a'), farFuture);
    expect(cache.get('tok1.sig1')).toBeNull();
    cache.setLive(true);
    cache.set('tok1.sig1', owner('a'), farFuture);
    expect(cache.get('tok1.sig1')).toEqual(owner('a'));
    cache.setLive(false);
    expect(cache.get('tok1.sig1')).toBeNull();
  });

  it('keeps nothing when turned off', () => {
    const cache = liveCache({ ttlMs: 0 });
    cache.set('tok1.sig1', owner('a'), farFuture);
    expect(cache.get('tok1.sig1')).toBeNull();
  });

  it('stays within its size, dropping the oldest entries first', () => {
    const time = clock();
    const cache = liveCache({ ttlMs: 10_000, maxEntries: 3, now: time.now });
    for (const id of ['a', 'b', 'c', 'd']) cache.set(`${id}.sig`, owner(id), farFuture);
    expect(cache.size).toBe(3);
    expect(cache.get('a.sig')).toBeNull();
    expect(cache.get('d.sig')).toEqual(owner('d'));
  });
});
