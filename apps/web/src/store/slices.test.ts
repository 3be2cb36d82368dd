import { describe, expect, it } from 'vitest';
import { toUser } from './user.ts';
import { sampleProfile } from '../test/test-app.tsx';
import { accountSlice, initialAccountState, loggedOut, profileLoaded, userUpdated } from './account.slice.ts';
import { creationSlice, processCompleted, processesReset, processStarted } from './creation.slice.ts';
import { Status } from './status.ts';
import { createAppStore } from './store.ts';
import { fakeServices } from '../test/test-app.tsx';

const ada = toUser(sampleProfile);

describe('the store', () => {
  it('has the four areas (account, creation, music, voice profile) plus the API cache', () => {
    const store = createAppStore(fakeServices().services);
    expect(Object.keys(store.getState()).sort()).toEqual([
      'account',
      'bopsApi',
      'creation',
      'music',
      'voiceProfile',
    ]);
  });
});

describe('account', () => {
  it('is authenticated only with a user', () => {
    const withUser = accountSlice.reducer(initialAccountState, profileLoaded(ada));
    expect(withUser).toMatchObject({ status: Status.SUCCESS, authenticated: true });
    expect(accountSlice.reducer(withUser, profileLoaded(null))).toMatchObject({
      authenticated: false,
      user: null,
    });
  });

  it('applies a user update only when the id matches', () => {
    const state = accountSlice.reducer(initialAccountState, profileLoaded(ada));
    expect(
      accountSlice.reducer(state, userUpdated({ ...ada, id: 'someone-else', displayName: 'X' })).user
        ?.displayName,
    ).toBe('Ada');
    expect(
      accountSlice.reducer(state, userUpdated({ ...ada, displayName: 'Countess' })).user?.displayName,
    ).toBe('Countess');
  });

  it('logout resets to unauthenticated', () => {
    const state = accountSlice.reducer(initialAccountState, profileLoaded(ada));
    expect(accountSlice.reducer(state, loggedOut())).toEqual({
      ...initialAccountState,
      status: Status.SUCCESS,
    });
  });
});

describe('creation', () => {
  it('counts processes and never goes below 0', () => {
    let state = creationSlice.reducer(undefined, processStarted());
    state = creationSlice.reducer(state, processStarted());
    expect(state.processCount).toBe(2);
    state = creationSlice.reducer(state, processCompleted());
    state = creationSlice.reducer(state, processCompleted());
    state = creationSlice.reducer(state, processCompleted());
    expect(state.processCount).toBe(0);
    state = creationSlice.reducer(creationSlice.reducer(state, processStarted()), processesReset());
    expect(state.processCount).toBe(0);
  });
});
