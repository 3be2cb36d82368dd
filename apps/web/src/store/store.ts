import { combineReducers, configureStore, createAsyncThunk } from '@reduxjs/toolkit';
import { bopsApi } from '../api/bops.api.ts';
import { accountSlice } from './account.slice.ts';
import type { AppServices } from './app-services.ts';
import { creationSlice } from './creation.slice.ts';
import { musicSlice } from './music.slice.ts';
import { voiceProfileSlice } from './voice-profile.slice.ts';

/** The four state areas of docs/PRODUCT.md#entities, plus the API cache. */
export const rootReducer = combineReducers({
  account: accountSlice.reducer,
  creation: creationSlice.reducer,
  music: musicSlice.reducer,
  voiceProfile: voiceProfileSlice.reducer,
  [bopsApi.reducerPath]: bopsApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(services: AppServices, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }).concat(bopsApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: AppServices;
}>();
