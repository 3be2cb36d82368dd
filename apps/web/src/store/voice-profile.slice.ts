import { createSlice } from '@reduxjs/toolkit';
import { voiceCloneApi } from '../api/voice-clone.api.ts';
import { Status } from './status.ts';

/** docs/PRODUCT.md#states "Voice profile": create, photo update, update and voice-over go SAVING → SUCCESS | ERROR; delete goes DELETING → DELETED | ERROR. */
export interface VoiceProfileState {
  createStatus: Status | null;
  updatePhotoStatus: Status | null;
  updateStatus: Status | null;
  createVoiceOverStatus: Status | null;
  deleteStatus: Status | null;
  /**
   * A new photo keeps the same address, so the page adds this to it to show the new one at once instead of
   * the browser's cached copy.
   */
  photoVersions: Record<string, number>;
}

export const initialVoiceProfileState: VoiceProfileState = {
  createStatus: null,
  updatePhotoStatus: null,
  updateStatus: null,
  createVoiceOverStatus: null,
  deleteStatus: null,
  photoVersions: {},
};

const { createVoiceClone, renameVoiceClone, updateVoiceClonePhoto, deleteVoiceClone } =
  voiceCloneApi.endpoints;

// The statuses follow the calls themselves, so no page can forget to set them.
export const voiceProfileSlice = createSlice({
  name: 'voiceProfile',
  initialState: initialVoiceProfileState,
  reducers: {
    voiceProfileReset() {
      return initialVoiceProfileState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(createVoiceClone.matchPending, (state) => {
        state.createStatus = Status.SAVING;
      })
      .addMatcher(createVoiceClone.matchFulfilled, (state) => {
        state.createStatus = Status.SUCCESS;
      })
      .addMatcher(createVoiceClone.matchRejected, (state) => {
        state.createStatus = Status.ERROR;
      })
      .addMatcher(renameVoiceClone.matchPending, (state) => {
        state.updateStatus = Status.SAVING;
      })
      .addMatcher(renameVoiceClone.matchFulfilled, (state) => {
        state.updateStatus = Status.SUCCESS;
      })
      .addMatcher(renameVoiceClone.matchRejected, (state) => {
        state.updateStatus = Status.ERROR;
      })
      .addMatcher(updateVoiceClonePhoto.matchPending, (state) => {
        state.updatePhotoStatus = Status.SAVING;
      })
      .addMatcher(updateVoiceClonePhoto.matchFulfilled, (state, action) => {
        state.updatePhotoStatus = Status.SUCCESS;
        state.photoVersions[action.meta.arg.originalArgs.id] = action.meta.fulfilledTimeStamp;
      })
      .addMatcher(updateVoiceClonePhoto.matchRejected, (state) => {
        state.updatePhotoStatus = Status.ERROR;
      })
      .addMatcher(deleteVoiceClone.matchPending, (state) => {
        state.deleteStatus = Status.DELETING;
      })
      .addMatcher(deleteVoiceClone.matchFulfilled, (state) => {
        state.deleteStatus = Status.DELETED;
      })
      .addMatcher(deleteVoiceClone.matchRejected, (state) => {
        state.deleteStatus = Status.ERROR;
      });
  },
});

export const { voiceProfileReset } = voiceProfileSlice.actions;

/** The photo address with the version of the last photo this tab saved, if any. */
export function photoUrl(imgSrc: string, version: number | undefined): string {
  if (!imgSrc || version === undefined) return imgSrc;
  return `${imgSrc}${imgSrc.includes('?') ? '&' : '?'}v=${version}`;
}
