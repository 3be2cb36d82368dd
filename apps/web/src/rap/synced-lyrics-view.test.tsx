import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activeAt, parseLrc } from './lrc-parser.ts';
import { SyncedLyricsView } from './synced-lyrics-view.tsx';

const lines = parseLrc(
  [
    '[00:01.00] <00:01.00> Late <00:01.40> night <00:01.90> coding <00:02.60>',
    '[00:03.00] <00:03.00> Ship <00:03.30> it <00:03.50> tonight <00:04.20>',
  ].join('\n'),
);

function renderAt(time: number, onSeek = vi.fn()) {
  const view = render(
    <SyncedLyricsView lines={lines} active={activeAt(lines, time)} onSeek={onSeek} label="Lyrics" />,
  );
  return { ...view, onSeek };
}

describe('the synced lyrics', () => {
  it('lights the line and the word being rapped', () => {
    renderAt(3.35);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first!.getAttribute('data-line-state')).toBe('past');
    expect(second!.getAttribute('aria-current')).toBe('true');
    const lit = document.querySelectorAll('[data-word-state="current"]');
    expect(lit).toHaveLength(1);
    expect(lit[0]!.textContent?.trim()).toBe('it');
  });

  it('lights nothing before the song starts singing, and jumps to a line when clicked', () => {
    const { onSeek } = renderAt(0.2);
    expect(document.querySelector('[aria-current]')).toBeNull();
    expect(document.querySelector('[data-word-state="current"]')).toBeNull();
    fireEvent.click(screen.getByText(/Ship/).closest('li')!);
    expect(onSeek).toHaveBeenCalledWith(3);
  });
});
