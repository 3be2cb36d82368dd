import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.setup.ts';
import { ProcessIndicatorView } from './process-indicator-view.tsx';

function renderCount(count: number) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ProcessIndicatorView count={count} />
    </I18nextProvider>,
  );
}

describe('the process indicator', () => {
  it('is hidden when nothing is in progress', () => {
    const { container } = renderCount(0);
    expect(container.innerHTML).toBe('');
  });

  it('says "1 process in progress" for one', async () => {
    renderCount(1);
    const indicator = screen.getByTestId('process-indicator');
    expect(indicator.getAttribute('aria-label')).toBe('1 process in progress');
    await userEvent.hover(indicator);
    expect((await screen.findByRole('tooltip')).textContent).toBe('1 process in progress');
  });

  it('says "N processes in progress" for more', async () => {
    renderCount(3);
    await userEvent.hover(screen.getByTestId('process-indicator'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('3 processes in progress');
    expect(screen.getByText('3')).toBeTruthy();
  });

  it('waits 200 ms before showing again right after it closed', () => {
    vi.useFakeTimers();
    try {
      renderCount(2);
      const indicator = screen.getByTestId('process-indicator');
      // A closing tooltip stays in the DOM for its exit transition, marked as closed.
      const open = () => {
        const tooltip = screen.queryByRole('tooltip');
        return tooltip !== null && !tooltip.className.includes('MuiTooltip-popperClose');
      };
      fireEvent.mouseOver(indicator);
      act(() => void vi.advanceTimersByTime(300));
      expect(open()).toBe(true);
      fireEvent.mouseLeave(indicator);
      act(() => void vi.advanceTimersByTime(100));
      expect(open()).toBe(false);
      // Within the next-enter window, the default 100 ms enter delay gives way to 200 ms.
      fireEvent.mouseOver(indicator);
      act(() => void vi.advanceTimersByTime(150));
      expect(open()).toBe(false);
      act(() => void vi.advanceTimersByTime(60));
      expect(open()).toBe(true);
      expect(screen.getByRole('tooltip').textContent).toBe('2 processes in progress');
    } finally {
      vi.useRealTimers();
    }
  });
});
