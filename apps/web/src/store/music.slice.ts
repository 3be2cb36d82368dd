import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Status } from './status.ts';

export interface PlaylistSummary {
  id: string;
  title: string;
  private: boolean;
  archieve: boolean;
  musics: string[];
}

export interface CurrentMusic {
  playlistId: string | null;
  musicId: string | null;
  index: number;
  isLastMusic: boolean;
  isPlaying: boolean;
  isPlayerOpen: boolean;
  repeat: boolean;
  repeatSingle: boolean;
  shuffle: boolean;
}

export interface MusicState {
  status: Status | null;
  playlists: PlaylistSummary[];
  currentMusic: CurrentMusic;
}

export const initialMusicState: MusicState = {
  status: null,
  playlists: [],
  currentMusic: {
    playlistId: null,
    musicId: null,
    index: 0,
    isLastMusic: false,
    isPlaying: false,
    isPlayerOpen: false,
    repeat: false,
    repeatSingle: false,
    shuffle: false,
  },
};

export const musicSlice = createSlice({
  name: 'music',
  initialState: initialMusicState,
  reducers: {
    playerOpened(state, action: PayloadAction<boolean>) {
      state.currentMusic.isPlayerOpen = action.payload;
    },
    /** Spec §4: turning repeat-single on turns shuffle off. */
    repeatSingleChanged(state, action: PayloadAction<boolean>) {
      state.currentMusic.repeatSingle = action.payload;
      if (action.payload) state.currentMusic.shuffle = false;
    },
    shuffleChanged(state, action: PayloadAction<boolean>) {
      state.currentMusic.shuffle = action.payload;
    },
    repeatChanged(state, action: PayloadAction<boolean>) {
      state.currentMusic.repeat = action.payload;
    },
    playlistDeleted(state, action: PayloadAction<string>) {
      state.playlists = state.playlists.filter((playlist) => playlist.id !== action.payload);
    },
  },
});

export const { playerOpened, repeatSingleChanged, shuffleChanged, repeatChanged, playlistDeleted } =
  musicSlice.actions;
