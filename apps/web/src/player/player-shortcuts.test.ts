import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyInput } from './player-shortcuts.ts';

const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

describe('player shortcuts', () => {
  it('maps the keys', () => {
    expect(shortcutFor(press(' '))).toEqual({ type: 'toggle' });
    expect(shortcutFor(press('ArrowRight'))).toEqual({ type: 'seekBy', seconds: 5 });
    expect(shortcutFor(press('ArrowLeft', { shiftKey: true }))).toEqual({ type: 'seekBy', seconds: -15 });
    expect(shortcutFor(press('ArrowUp'))).toEqual({ type: 'volumeBy', amount: 0.1 });
    expect(shortcutFor(press('N', { shiftKey: true }))).toEqual({ type: 'next' });
    expect(shortcutFor(press('P', { shiftKey: true }))).toEqual({ type: 'previous' });
    expect(shortcutFor(press('m'))).toEqual({ type: 'mute' });
    expect(shortcutFor(press('f'))).toEqual({ type: 'fullScreen' });
    expect(shortcutFor(press('x'))).toBeNull();
  });

  it('leaves typing alone', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    for (const target of [input, area, editable]) {
      expect(shortcutFor(press(' ', { target }))).toBeNull();
      expect(shortcutFor(press('ArrowLeft', { target }))).toBeNull();
    }
  });

  it('leaves space to a focused button and arrows to a focused slider', () => {
    const button = document.createElement('button');
    expect(shortcutFor(press(' ', { target: button }))).toBeNull();
    expect(shortcutFor(press('ArrowRight', { target: button }))).toEqual({ type: 'seekBy', seconds: 5 });
    const slider = document.createElement('span');
    slider.setAttribute('role', 'slider');
    expect(shortcutFor(press('ArrowRight', { target: slider }))).toBeNull();
  });

  it('ignores keys with ctrl, meta or alt (browser shortcuts)', () => {
    expect(shortcutFor(press(' ', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('f', { metaKey: true }))).toBeNull();
  });
});
