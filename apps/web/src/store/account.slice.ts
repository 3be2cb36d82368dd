import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from './user.ts';
import { Status } from './status.ts';

export interface SignInState {
  status: typeof Status.LOADING | typeof Status.SUCCESS | typeof Status.ERROR | null;
  /** The headline shown when sign-in failed. */
  message: string | null;
  /** The popup hint shown under it (docs/PRODUCT.md#errors). */
  popupMessage: string | null;
}

export interface AccountState {
  status: typeof Status.LOADING | typeof Status.SUCCESS | typeof Status.ERROR | null;
  authenticated: boolean;
  user: User | null;
  /** Set for a first-time user (no tutorial-seen flag in this browser). */
  showTutorial: boolean;
  updateStatus: typeof Status.UPDATING | typeof Status.SUCCESS | typeof Status.ERROR | null;
  /** Set after a profile update so the profile is fetched again. */
  sync: boolean;
  signIn: SignInState;
}

export const initialAccountState: AccountState = {
  status: null,
  authenticated: false,
  user: null,
  showTutorial: false,
  updateStatus: null,
  sync: false,
  signIn: { status: null, message: null, popupMessage: null },
};

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    accountLoading(state) {
      state.status = Status.LOADING;
    },
    /** A profile arrived: authenticated when there is a user. A different user than the one held replaces it. */
    profileLoaded(state, action: PayloadAction<User | null>) {
      state.status = Status.SUCCESS;
      state.user = action.payload;
      state.authenticated = action.payload !== null;
      state.sync = false;
    },
    /** ERROR means unauthenticated (docs/PRODUCT.md#states). */
    accountFailed(state) {
      state.status = Status.ERROR;
      state.authenticated = false;
      state.user = null;
    },
    /** Logout resets to unauthenticated, keeping nothing of the previous user. */
    loggedOut() {
      return { ...initialAccountState, status: Status.SUCCESS };
    },
    /** Applies only to the user held, so a late answer for someone else can't overwrite them. */
    userUpdated(state, action: PayloadAction<User>) {
      if (state.user && state.user.id === action.payload.id) state.user = action.payload;
    },
    profileUpdateStarted(state) {
      state.updateStatus = Status.UPDATING;
    },
    profileUpdateSucceeded(state, action: PayloadAction<User>) {
      state.updateStatus = Status.SUCCESS;
      state.sync = true;
      if (state.user && state.user.id === action.payload.id) state.user = action.payload;
    },
    profileUpdateFailed(state) {
      state.updateStatus = Status.ERROR;
    },
    profileUpdateReset(state) {
      state.updateStatus = null;
    },
    showTutorialChanged(state, action: PayloadAction<boolean>) {
      state.showTutorial = action.payload;
    },
    signInStarted(state) {
      state.signIn = { status: Status.LOADING, message: null, popupMessage: null };
    },
    signInSucceeded(state) {
      state.signIn = { status: Status.SUCCESS, message: null, popupMessage: null };
    },
    signInFailed(state, action: PayloadAction<{ message: string; popupMessage?: string | null }>) {
      state.signIn = {
        status: Status.ERROR,
        message: action.payload.message,
        popupMessage: action.payload.popupMessage ?? null,
      };
    },
    /** The user closed the popup: back to idle, no error (docs/PRODUCT.md#states). */
    signInReset(state) {
      state.signIn = { status: null, message: null, popupMessage: null };
    },
  },
});

export const {
  accountLoading,
  profileLoaded,
  accountFailed,
  loggedOut,
  userUpdated,
  profileUpdateStarted,
  profileUpdateSucceeded,
  profileUpdateFailed,
  profileUpdateReset,
  showTutorialChanged,
  signInStarted,
  signInSucceeded,
  signInFailed,
  signInReset,
} = accountSlice.actions;
