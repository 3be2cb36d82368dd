import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PopupOutcome } from '../store/app-services.ts';
import { watchPopup } from './popup-watch.ts';

function fakeChannel() {
  const channel = { onmessage: null as ((event: MessageEvent) => void) | null, close: vi.fn() };
  return { channel, createChannel: () => channel as unknown as BroadcastChannel };
}

describe('watchPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves success on a same-origin message from that popup', async () => {
    const popup = { closed: false } as Window;
    const { createChannel, channel } = fakeChannel();
    const result = watchPopup(popup, { createChannel });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'bops-sign-in', ok: true },
        origin: window.location.origin,
        source: popup as unknown as MessageEventSource,
      }),
    );
    await expect(result).resolves.toEqual({ kind: 'success' });
    expect(channel.close).toHaveBeenCalled();
  });

  it('ignores messages from another origin or another window', async () => {
    const popup = { closed: false } as Window;
    let outcome: PopupOutcome | null = null;
    void watchPopup(popup, { createChannel: null }).then((value) => (outcome = value));
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'bops-sign-in', ok: true },
        origin: 'https://evil.example',
        source: popup as unknown as MessageEventSource,
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'bops-sign-in', ok: true },
        origin: window.location.origin,
        source: window,
      }),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcome).toBeNull();
  });

  it('reports a closed popup after a short grace period', async () => {
    const popup = { closed: false } as { closed: boolean };
    let outcome: PopupOutcome | null = null;
    void watchPopup(popup as Window, { createChannel: null, pollMs: 100, closeGraceMs: 300 }).then(
      (value) => (outcome = value),
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(outcome).toBeNull();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(150);
    expect(outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(300);
    expect(outcome).toEqual({ kind: 'closed' });
  });

  it('takes the report from the channel when the popup lost its opener', async () => {
    const popup = { closed: true } as Window;
    const { createChannel, channel } = fakeChannel();
    const result = watchPopup(popup, { createChannel, pollMs: 100, closeGraceMs: 300 });
    await vi.advanceTimersByTimeAsync(150);
    channel.onmessage?.(
      new MessageEvent('message', { data: { type: 'bops-sign-in', ok: false, error: 'access_denied' } }),
    );
    await expect(result).resolves.toEqual({ kind: 'error', error: 'access_denied' });
  });
});
