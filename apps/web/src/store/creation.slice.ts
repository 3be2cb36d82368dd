import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { bopsApi } from '../api/bops.api.ts';
import { creationApi } from '../api/creation.api.ts';
import { emptyRapDraft, type RapDraft } from './rap-draft.ts';
import { Status } from './status.ts';

export interface CreationState {
  /** Creation processes in progress for this user (the header's process indicator). */
  processCount: number;
  artistsStatus: Status | null;
  musicSelectionsStatus: Status | null;
  lyricsStatus: Status | null;
  mixMusicStatus: Status | null;
  createStatus: Status | null;
  /** The rap being written, kept here so moving between steps keeps it. */
  draft: RapDraft;
  /** Set when a creation finished, so pages showing playlists reload them; they clear it. */
  playlistsStale: boolean;
}

export const initialCreationState: CreationState = {
  processCount: 0,
  artistsStatus: null,
  musicSelectionsStatus: null,
  lyricsStatus: null,
  mixMusicStatus: null,
  createStatus: null,
  draft: emptyRapDraft,
  playlistsStale: false,
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
    draftChanged(state, action: PayloadAction<Partial<RapDraft>>) {
      state.draft = { ...state.draft, ...action.payload };
    },
    /** A new rap starts from scratch, keeping only who the user said they are. */
    draftReset(state) {
      state.draft = { ...emptyRapDraft, creatorNickname: state.draft.creatorNickname };
      state.createStatus = null;
      state.lyricsStatus = null;
    },
    /** A creation finished (the countdown's completed event). */
    creationCompleted(state, _action: PayloadAction<{ taskId: string; musicId: string | null }>) {
      state.playlistsStale = true;
    },
    playlistsRefreshed(state) {
      state.playlistsStale = false;
    },
  },
  extraReducers: (builder) => {
    const { getRapArtists, getMusicSelections, generateLyrics, createMusic } = creationApi.endpoints;
    builder
      .addMatcher(getRapArtists.matchPending, (state) => void (state.artistsStatus = Status.LOADING))
      .addMatcher(getRapArtists.matchFulfilled, (state) => void (state.artistsStatus = Status.SUCCESS))
      .addMatcher(getRapArtists.matchRejected, (state) => void (state.artistsStatus = Status.ERROR))
      .addMatcher(
        getMusicSelections.matchPending,
        (state) => void (state.musicSelectionsStatus = Status.LOADING),
      )
      .addMatcher(
        getMusicSelections.matchFulfilled,
        (state) => void (state.musicSelectionsStatus = Status.SUCCESS),
      )
      .addMatcher(
        getMusicSelections.matchRejected,
        (state) => void (state.musicSelectionsStatus = Status.ERROR),
      )
      .addMatcher(generateLyrics.matchPending, (state) => void (state.lyricsStatus = Status.LOADING))
      .addMatcher(generateLyrics.matchFulfilled, (state, action) => {
        state.lyricsStatus = Status.SUCCESS;
        state.draft.lyrics = action.payload;
      })
      .addMatcher(generateLyrics.matchRejected, (state) => void (state.lyricsStatus = Status.ERROR))
      .addMatcher(createMusic.matchPending, (state) => void (state.createStatus = Status.SUBMITTING))
      .addMatcher(createMusic.matchFulfilled, (state) => void (state.createStatus = Status.SUBMITTED))
      .addMatcher(createMusic.matchRejected, (state) => void (state.createStatus = Status.ERROR))
      // The server's count is the truth whenever it answers.
      .addMatcher(bopsApi.endpoints.getProcessCount.matchFulfilled, (state, action) => {
        state.processCount = Math.max(0, Math.floor(action.payload.count));
      });
  },
});

export const {
  processStarted,
  processCompleted,
  processesReset,
  processCountLoaded,
  draftChanged,
  draftReset,
  creationCompleted,
  playlistsRefreshed,
} = creationSlice.actions;
