import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { bopsApi } from '../api/bops.api.ts';
import type { Status } from './status.ts';

export interface CreationState {
  /** Creation processes in progress for this user (the header's process indicator). */
  processCount: number;
  artistsStatus: Status | null;
  musicSelectionsStatus: Status | null;
  lyricsStatus: Status | null;
  mixMusicStatus: Status | null;
  createStatus: Status | null;
}

export const initialCreationState: CreationState = {
  processCount: 0,
  artistsStatus: null,
  musicSelectionsStatus: null,
  lyricsStatus: null,
  mixMusicStatus: null,
  createStatus: null,
};

export const creationSlice = createSlice({
  name: 'creation',
  initialState: initialCreationState,
  reducers: {
    processStarted(state) {
      state.processCount += 1;
    },
    /** Never below 0: a completion can arrive for a process counted before a reload. */
    processCompleted(state) {
      state.processCount = Math.max(0, state.processCount - 1);
    },
    processesReset(state) {
      state.processCount = 0;
    },
    processCountLoaded(state, action: PayloadAction<number>) {
      state.processCount = Math.max(0, Math.floor(action.payload));
    },
  },
  extraReducers: (builder) => {
    // The server's count is the truth whenever it answers.
    builder.addMatcher(bopsApi.endpoints.getProcessCount.matchFulfilled, (state, action) => {
      state.processCount = Math.max(0, Math.floor(action.payload.count));
    });
  },
});

export const { processStarted, processCompleted, processesReset, processCountLoaded } = creationSlice.actions;
