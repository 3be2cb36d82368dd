import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tutorialSeenKey } from '../auth/account.thunks.ts';
import { initialAccountState } from '../store/account.slice.ts';
import { Status } from '../store/status.ts';
import { renderApp, sampleProfile, sampleSession, fakeServices } from '../test/test-app.tsx';
import { toUser } from '../store/user.ts';

const firstTimer = {
  account: {
    ...initialAccountState,
    status: Status.SUCCESS,
    authenticated: true,
    user: toUser(sampleProfile),
    showTutorial: true,
  },
};

function signedInServices() {
  return fakeServices({
    auth: {
      getSession: async () => sampleSession,
    } as never,
  }).services;
}

describe('tutorial', () => {
  it('shows three steps and a bonus, each opening its real flow, and remembers it was seen', async () => {
    const { store } = renderApp('/tutorial', { services: signedInServices(), preloadedState: firstTimer });
    const steps = await screen.findAllByTestId('tutorial-step');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Create your AI singer',
      'Record your voice',
      'Make a remix',
      'Turn your lyrics into a rap',
    ]);
    expect(within(steps[3]!).getByText('Bonus')).toBeTruthy();
    expect(steps.map((step) => within(step).getByRole('link').getAttribute('href'))).toEqual([
      '/create/voice-cloning/step-1',
      '/create/voice-cloning/step-1',
      '/create/song-cover',
      '/create/step-1',
    ]);
    expect(window.localStorage.getItem(tutorialSeenKey)).toBe('true');
    expect(store.getState().account.showTutorial).toBe(false);
  });

  it('offers the tutorial to a first-time user after sign-in, and not again once dismissed', async () => {
    const { store } = renderApp('/sign-in', { services: signedInServices(), preloadedState: firstTimer });
    const offer = await screen.findByTestId('tutorial-offer');
    expect(within(offer).getByRole('link', { name: 'Show me how' }).getAttribute('href')).toBe('/tutorial');
    await userEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('tutorial-offer')).toBeNull();
    expect(store.getState().account.showTutorial).toBe(false);
    expect(window.localStorage.getItem(tutorialSeenKey)).toBe('true');
  });
});
