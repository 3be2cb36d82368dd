import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialCreationState } from '../store/creation.slice.ts';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const allowance = (left: number) => ({
  body: {
    statusCode: 200,
    data: { limit: 10, used: 10 - left, left, resetsAt: '2026-11-25T00:00:00.000Z' },
  },
});

function openWizard(left: number, path = '/create/step-1') {
  const { fetchFn, calls } = mockFetch({
    'GET /api/music/processes': { body: { statusCode: 200, data: { count: 0 } } },
    'GET /api/music/daily_allowance': allowance(left),
  });
  vi.stubGlobal('fetch', fetchFn);
  const draft = { ...initialCreationState.draft, musicName: 'Night Shift', creatorNickname: 'Ada' };
  renderApp(path, {
    preloadedState: { ...signedInState, creation: { ...initialCreationState, draft } },
    services: signedInServices(),
  });
  return calls;
}

describe("the rap wizard's daily allowance", () => {
  it('says from the first step how many creations are left today, and asks again on each step', async () => {
    const calls = openWizard(3);
    expect((await screen.findByTestId('daily-allowance')).textContent).toBe('3 of 10 creations left today');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('form', { name: /voice/i });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/api/music/daily_allowance')).length).toBe(2),
    );
  });

  it('warns before the last step when none are left, with when more are possible', async () => {
    openWizard(0);
    const note = await screen.findByTestId('daily-allowance');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toMatch(
      /^You have made all 10 of today’s creations\. You can make more from .+\.$/,
    );
  });
});
