import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText, noTextMessage } from './clipboard.ts';

describe('copyText', () => {
  afterEach(() => {
    // jsdom has no execCommand of its own; each test sets the one it needs.
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('refuses empty text', async () => {
    await expect(copyText('', { document })).rejects.toThrow(noTextMessage);
  });

  it('uses the Clipboard API when it is there', async () => {
    const writeText = vi.fn(async () => undefined);
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    await copyText('https://bops.example/welcome', { clipboard: { writeText }, document });
    expect(writeText).toHaveBeenCalledWith('https://bops.example/welcome');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a hidden text area when the Clipboard API refuses, and removes it', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    let copiedValue = '';
    document.execCommand = vi.fn(() => {
      copiedValue = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    await copyText('https://bops.example/x', { clipboard: { writeText }, document });
    expect(copiedValue).toBe('https://bops.example/x');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports a refused copy command', async () => {
    document.execCommand = vi.fn(() => false);
    await expect(copyText('https://bops.example/x', { document })).rejects.toThrow(/refused/);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
