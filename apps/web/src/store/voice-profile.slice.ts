import { createSlice } from '@reduxjs/toolkit';
import type { Status } from './status.ts';

/** Spec §4 "Voice profile": create, photo update, update and voice-over go SAVING → SUCCESS | ERROR; delete goes DELETING → DELETED | ERROR. */
export interface VoiceProfileState {
  createStatus: Status | null;
  updatePhotoStatus: Status | null;
  updateStatus: Status | null;
  createVoiceOverStatus: Status | null;
  deleteStatus: Status | null;
}

export const initialVoiceProfileState: VoiceProfileState = {
  createStatus: null,
  updatePhotoStatus: null,
  updateStatus: null,
  createVoiceOverStatus: null,
  deleteStatus: null,
};

export const voiceProfileSlice = createSlice({
  name: 'voiceProfile',
  initialState: initialVoiceProfileState,
  reducers: {
    voiceProfileReset() {
      return initialVoiceProfileState;
    },
  },
});

export const { voiceProfileReset } = voiceProfileSlice.actions;
