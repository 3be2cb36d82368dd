import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/test-app.tsx';

describe('the landing page', () => {
  it('shows the unsupported-browser notice where Web Audio or service workers are missing', async () => {
    // jsdom has neither.
    renderApp('/');
    expect(await screen.findByTestId('browser-support-notice')).toBeTruthy();
  });

  it('shows no notice in a browser with both', async () => {
    vi.stubGlobal('AudioContext', class {});
    Object.defineProperty(window.navigator, 'serviceWorker', { value: {}, configurable: true });
    try {
      renderApp('/');
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.queryByTestId('browser-support-notice')).toBeNull();
    } finally {
      delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
