import type { PopupOutcome } from '../store/app-services.ts';

/** The message the sign-in popup sends back when the provider has answered. */
export interface PopupMessage {
  type: 'bops-sign-in';
  ok: boolean;
  error?: string;
}

export const popupChannelName = 'bops-sign-in';

export function isPopupMessage(data: unknown): data is PopupMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'bops-sign-in' &&
    typeof (data as { ok?: unknown }).ok === 'boolean'
  );
}

function toOutcome(message: PopupMessage): PopupOutcome {
  return message.ok ? { kind: 'success' } : { kind: 'error', error: message.error ?? 'unknown' };
}

interface WatchEnvironment {
  win: Pick<
    Window,
    'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval' | 'setTimeout'
  > & {
    location: { origin: string };
  };
  createChannel: ((name: string) => BroadcastChannel) | null;
  pollMs: number;
  /** How long a closed popup may still have a message in flight. */
  closeGraceMs: number;
}

function defaultEnvironment(): WatchEnvironment {
  return {
    win: window,
    createChannel: typeof BroadcastChannel === 'undefined' ? null : (name) => new BroadcastChannel(name),
    pollMs: 400,
    closeGraceMs: 300,
  };
}

/**
 * Resolves once the popup reports (postMessage from the same origin and that very window) or is closed.
 * The popup also announces itself on a BroadcastChannel, because a provider page with a strict opener policy can
 * cut the popup off from its opener; the channel is same-origin by construction.
 */
export function watchPopup(
  popup: Window,
  environment: Partial<WatchEnvironment> = {},
): Promise<PopupOutcome> {
  const env = { ...defaultEnvironment(), ...environment };
  return new Promise((resolve) => {
    let settled = false;
    const channel = env.createChannel?.(popupChannelName) ?? null;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== env.win.location.origin || event.source !== popup) return;
      if (isPopupMessage(event.data)) finish(toOutcome(event.data));
    };
    const interval = env.win.setInterval(() => {
      let closed: boolean;
      try {
        closed = popup.closed;
      } catch {
        // Some browsers guard a cross-origin popup's properties; treat it as still open.
        closed = false;
      }
      if (closed) {
        env.win.clearInterval(interval);
        env.win.setTimeout(() => finish({ kind: 'closed' }), env.closeGraceMs);
      }
    }, env.pollMs);
    function finish(outcome: PopupOutcome) {
      if (settled) return;
      settled = true;
      env.win.clearInterval(interval);
      env.win.removeEventListener('message', onMessage);
      channel?.close();
      resolve(outcome);
    }
    env.win.addEventListener('message', onMessage);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isPopupMessage(event.data)) finish(toOutcome(event.data));
      };
    }
  });
}
