import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type DisplayMode = 'gallery' | 'list';

/** How My Bops shows playlists. What plays lives in the player (player/bops-player.ts), not here. */
export interface MusicState {
  displayMode: DisplayMode;
}

export const initialMusicState: MusicState = { displayMode: 'gallery' };

export const musicSlice = createSlice({
  name: 'music',
  initialState: initialMusicState,
  reducers: {
    displayModeChanged(state, action: PayloadAction<DisplayMode>) {
      state.displayMode = action.payload;
    },
  },
});

export const { displayModeChanged } = musicSlice.actions;
