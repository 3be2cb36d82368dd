export type PlayerCommand =
  | { type: 'toggle' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'volumeBy'; amount: number }
  | { type: 'mute' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'shuffle' }
  | { type: 'repeat' }
  | { type: 'fullScreen' };

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const typingRoles = new Set(['textbox', 'searchbox', 'combobox', 'slider', 'spinbutton']);

/** Typing, or a control that uses these keys itself (a focused slider takes the arrows, a button takes space). */
function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  const role = element.getAttribute('role');
  if (role && typingRoles.has(role)) return true;
  if ((key === ' ' || key === 'Enter') && (tag === 'BUTTON' || tag === 'A' || role === 'button')) return true;
  return false;
}

/**
 * The player's keyboard shortcuts: space or k play/pause, arrows seek 5 s (shift 15 s) and change the volume,
 * m mute, shift+n / shift+p next and previous, s shuffle, r repeat, f full screen. Null when the key is not ours.
 */
export function shortcutFor(input: KeyInput): PlayerCommand | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (keyBelongsToTarget(input.target, input.key)) return null;
  const step = input.shiftKey ? 15 : 5;
  switch (input.key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'toggle' };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -step };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: step };
    case 'ArrowUp':
      return { type: 'volumeBy', amount: 0.1 };
    case 'ArrowDown':
      return { type: 'volumeBy', amount: -0.1 };
    case 'm':
    case 'M':
      return { type: 'mute' };
    case 'N':
      return input.shiftKey ? { type: 'next' } : null;
    case 'P':
      return input.shiftKey ? { type: 'previous' } : null;
    case 's':
    case 'S':
      return { type: 'shuffle' };
    case 'r':
    case 'R':
      return { type: 'repeat' };
    case 'f':
    case 'F':
      return { type: 'fullScreen' };
    default:
      return null;
  }
}
