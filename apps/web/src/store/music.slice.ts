import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CurrentMusic {
  playlistId: string | null;
  musicId: string | null;
  /** The song's place in the playlist being played. */
  index: number;
  /** No song follows in play order (next is unavailable unless repeat is on). */
  isLastMusic: boolean;
  isPlaying: boolean;
  /** The full-screen player is showing. */
  isPlayerOpen: boolean;
  repeat: boolean;
  repeatSingle: boolean;
  shuffle: boolean;
}

export interface PlayerQueue {
  /** The song ids of the playlist being played, in playlist order. */
  musicIds: string[];
  /** Indexes into musicIds in the order they play (shuffled or not). */
  order: number[];
  /** Where in `order` the current song is. */
  position: number;
  /** The queue comes from the special top-songs playlist (its songs share by their own route). */
  special: boolean;
  /** Counts plays: a new song or a repeat of the same one starts a new play (a view is counted once per play). */
  playId: number;
}

export type DisplayMode = 'gallery' | 'list';

export interface MusicState {
  displayMode: DisplayMode;
  currentMusic: CurrentMusic;
  queue: PlayerQueue;
}

export const initialMusicState: MusicState = {
  displayMode: 'gallery',
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
  queue: { musicIds: [], order: [], position: 0, special: false, playId: 0 },
};

/** A small seeded generator, so the reducer stays pure: the randomness arrives in the action. */
function seededRandom(seed: number): () => number {
  let a = Math.floor(seed * 0x7fffffff) >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Play order: `first` leads, the rest follow shuffled when shuffle is on, else in playlist order from the top. */
export function playOrder(length: number, first: number, shuffle: boolean, seed: number): number[] {
  const indexes = Array.from({ length }, (_, i) => i);
  if (!shuffle) return indexes;
  const rest = indexes.filter((i) => i !== first);
  const random = seededRandom(seed);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return first >= 0 && first < length ? [first, ...rest] : rest;
}

function moveTo(state: MusicState, position: number, playing = true) {
  const { queue, currentMusic } = state;
  queue.position = position;
  const index = queue.order[position] ?? 0;
  currentMusic.index = index;
  currentMusic.musicId = queue.musicIds[index] ?? null;
  currentMusic.isLastMusic = position >= queue.order.length - 1;
  currentMusic.isPlaying = playing;
  queue.playId += 1;
}

/** Starts the order over at the top; shuffled again with a song other than the one just heard in front. */
function wrapAround(state: MusicState, seed: number) {
  const { queue, currentMusic } = state;
  if (currentMusic.shuffle) {
    const length = queue.musicIds.length;
    const previous = currentMusic.index;
    const first = length > 1 ? (previous + 1 + Math.floor(seed * (length - 1))) % length : 0;
    queue.order = playOrder(length, first, true, seed);
  }
  moveTo(state, 0);
}

const withSeed = <T>(payload: T) => ({ payload, meta: { seed: Math.random() } });
type Seeded<T> = PayloadAction<T, string, { seed: number }>;

export const musicSlice = createSlice({
  name: 'music',
  initialState: initialMusicState,
  reducers: {
    playerOpened(state, action: PayloadAction<boolean>) {
      state.currentMusic.isPlayerOpen = action.payload;
    },
    /** docs/PRODUCT.md#states: turning repeat-single on turns shuffle off. */
    repeatSingleChanged(state, action: PayloadAction<boolean>) {
      state.currentMusic.repeatSingle = action.payload;
      if (!action.payload || !state.currentMusic.shuffle) return;
      const { queue, currentMusic } = state;
      currentMusic.shuffle = false;
      queue.order = playOrder(queue.musicIds.length, currentMusic.index, false, 0);
      queue.position = currentMusic.index;
      currentMusic.isLastMusic = queue.position >= queue.order.length - 1;
    },
    /** Shuffle keeps the song playing and shuffles the others after it; off goes back to playlist order. */
    shuffleChanged: {
      reducer(state, action: Seeded<boolean>) {
        const { currentMusic, queue } = state;
        currentMusic.shuffle = action.payload;
        // The two cannot both hold: one song on repeat has nothing to shuffle.
        if (action.payload) currentMusic.repeatSingle = false;
        queue.order = playOrder(queue.musicIds.length, currentMusic.index, action.payload, action.meta.seed);
        queue.position = Math.max(0, queue.order.indexOf(currentMusic.index));
        currentMusic.isLastMusic = queue.position >= queue.order.length - 1;
      },
      prepare: (on: boolean) => withSeed(on),
    },
    repeatChanged(state, action: PayloadAction<boolean>) {
      state.currentMusic.repeat = action.payload;
      if (!action.payload) state.currentMusic.repeatSingle = false;
    },
    /** Plays `musicId` from a playlist's songs (the queue). `autoplay: false` only loads it. */
    queueStarted: {
      reducer(
        state,
        action: Seeded<{
          playlistId: string | null;
          musicIds: string[];
          musicId: string;
          special?: boolean;
          autoplay?: boolean;
        }>,
      ) {
        const { playlistId, musicId, special = false, autoplay = true } = action.payload;
        const musicIds = action.payload.musicIds.includes(musicId) ? action.payload.musicIds : [musicId];
        const index = musicIds.indexOf(musicId);
        state.currentMusic.playlistId = playlistId;
        state.queue.musicIds = musicIds;
        state.queue.special = special;
        state.queue.order = playOrder(musicIds.length, index, state.currentMusic.shuffle, action.meta.seed);
        moveTo(state, state.queue.order.indexOf(index), autoplay);
      },
      prepare: (payload: {
        playlistId: string | null;
        musicIds: string[];
        musicId: string;
        special?: boolean;
        autoplay?: boolean;
      }) => withSeed(payload),
    },
    /** The audio element's own state (it may refuse to play, or a headset may pause it). */
    playingChanged(state, action: PayloadAction<boolean>) {
      if (state.currentMusic.musicId) state.currentMusic.isPlaying = action.payload;
    },
    /** The Next button: repeat-single does not hold the user on the song; at the end it wraps only with repeat. */
    nextRequested: {
      reducer(state, action: Seeded<undefined>) {
        const { queue, currentMusic } = state;
        if (queue.order.length === 0) return;
        if (queue.position < queue.order.length - 1) moveTo(state, queue.position + 1);
        else if (currentMusic.repeat || currentMusic.repeatSingle) wrapAround(state, action.meta.seed);
      },
      prepare: () => withSeed(undefined),
    },
    /** The Previous button: back one in play order; at the start, to the end with repeat, else the same song again. */
    previousRequested(state) {
      const { queue, currentMusic } = state;
      if (queue.order.length === 0) return;
      if (queue.position > 0) moveTo(state, queue.position - 1);
      else if (currentMusic.repeat) moveTo(state, queue.order.length - 1);
      else moveTo(state, 0);
    },
    /** A song played to its end. */
    trackEnded: {
      reducer(state, action: Seeded<undefined>) {
        const { queue, currentMusic } = state;
        if (queue.order.length === 0) return;
        if (currentMusic.repeatSingle) moveTo(state, queue.position);
        else if (queue.position < queue.order.length - 1) moveTo(state, queue.position + 1);
        else if (currentMusic.repeat) wrapAround(state, action.meta.seed);
        else {
          // The last song ends the list: it stays loaded, and playing it again is a new play.
          currentMusic.isPlaying = false;
          queue.playId += 1;
        }
      },
      prepare: () => withSeed(undefined),
    },
    /** A song picked from the queue. */
    queueItemChosen: {
      reducer(state, action: Seeded<number>) {
        const { queue, currentMusic } = state;
        const index = action.payload;
        if (index < 0 || index >= queue.musicIds.length) return;
        if (currentMusic.shuffle) {
          queue.order = playOrder(queue.musicIds.length, index, true, action.meta.seed);
          moveTo(state, 0);
        } else moveTo(state, queue.order.indexOf(index));
      },
      prepare: (index: number) => withSeed(index),
    },
    /** Stops and unloads the player, keeping the shuffle and repeat choices. */
    playerClosed(state) {
      const { repeat, repeatSingle, shuffle } = state.currentMusic;
      state.currentMusic = { ...initialMusicState.currentMusic, repeat, repeatSingle, shuffle };
      state.queue = { ...initialMusicState.queue, playId: state.queue.playId + 1 };
    },
    displayModeChanged(state, action: PayloadAction<DisplayMode>) {
      state.displayMode = action.payload;
    },
  },
});

export const {
  playerOpened,
  repeatSingleChanged,
  shuffleChanged,
  repeatChanged,
  queueStarted,
  playingChanged,
  nextRequested,
  previousRequested,
  trackEnded,
  queueItemChosen,
  playerClosed,
  displayModeChanged,
} = musicSlice.actions;
