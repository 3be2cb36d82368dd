import { describe, expect, it } from 'vitest';
import {
  initialMusicState,
  musicSlice,
  nextRequested,
  playOrder,
  playerClosed,
  previousRequested,
  queueItemChosen,
  queueStarted,
  repeatChanged,
  repeatSingleChanged,
  shuffleChanged,
  trackEnded,
  type MusicState,
} from './music.slice.ts';

const reduce = (state: MusicState, ...actions: Parameters<typeof musicSlice.reducer>[1][]) =>
  actions.reduce((current, action) => musicSlice.reducer(current, action), state);

const songs = ['a', 'b', 'c', 'd'];
const start = (musicId = 'a') =>
  reduce(initialMusicState, queueStarted({ playlistId: 'p1', musicIds: songs, musicId }));

/** The song ids heard by pressing next until nothing changes (at most `limit` presses). */
function playThrough(state: MusicState, limit = 10): string[] {
  const heard = [state.currentMusic.musicId!];
  for (let i = 0; i < limit; i++) {
    const next = musicSlice.reducer(state, nextRequested());
    if (next.queue.playId === state.queue.playId) break;
    heard.push(next.currentMusic.musicId!);
    state = next;
  }
  return heard;
}

describe('playOrder', () => {
  it('is playlist order without shuffle', () => {
    expect(playOrder(4, 2, false, 0.3)).toEqual([0, 1, 2, 3]);
  });

  it('puts the chosen song first and every other song once when shuffled', () => {
    for (const seed of [0.1, 0.5, 0.9]) {
      const order = playOrder(6, 3, true, seed);
      expect(order[0]).toBe(3);
      expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    }
    expect(playOrder(6, 3, true, 0.42)).toEqual(playOrder(6, 3, true, 0.42));
  });
});

describe('the player', () => {
  it('starts a playlist at the chosen song and plays', () => {
    const state = start('c');
    expect(state.currentMusic).toMatchObject({
      playlistId: 'p1',
      musicId: 'c',
      index: 2,
      isPlaying: true,
      isLastMusic: false,
    });
  });

  it('plays a song that is not in the list on its own', () => {
    const state = reduce(initialMusicState, queueStarted({ playlistId: null, musicIds: [], musicId: 'x' }));
    expect(state.queue.musicIds).toEqual(['x']);
    expect(state.currentMusic).toMatchObject({ musicId: 'x', index: 0, isLastMusic: true });
  });

  it('goes next in order and stops offering next at the last song', () => {
    expect(playThrough(start())).toEqual(['a', 'b', 'c', 'd']);
    const last = reduce(start(), nextRequested(), nextRequested(), nextRequested());
    expect(last.currentMusic).toMatchObject({ musicId: 'd', isLastMusic: true });
    expect(musicSlice.reducer(last, nextRequested())).toEqual(last);
  });

  it('stops after the last song ends without repeat, and a new play of it counts anew', () => {
    const last = reduce(start('d'));
    const ended = musicSlice.reducer(last, trackEnded());
    expect(ended.currentMusic).toMatchObject({ musicId: 'd', isPlaying: false });
    expect(ended.queue.playId).toBe(last.queue.playId + 1);
  });

  it('wraps to the first song with repeat', () => {
    const last = reduce(start('d'), repeatChanged(true));
    expect(musicSlice.reducer(last, trackEnded()).currentMusic).toMatchObject({
      musicId: 'a',
      isPlaying: true,
    });
    expect(musicSlice.reducer(last, nextRequested()).currentMusic.musicId).toBe('a');
  });

  it('repeats one song when it ends but still lets next move on', () => {
    const state = reduce(start('b'), repeatSingleChanged(true));
    const ended = musicSlice.reducer(state, trackEnded());
    expect(ended.currentMusic.musicId).toBe('b');
    expect(ended.queue.playId).toBe(state.queue.playId + 1);
    expect(musicSlice.reducer(state, nextRequested()).currentMusic.musicId).toBe('c');
  });

  it('turns shuffle off when repeat-one goes on, and repeat-one off when shuffle goes on', () => {
    const shuffled = reduce(start(), shuffleChanged(true));
    const single = musicSlice.reducer(shuffled, repeatSingleChanged(true));
    expect(single.currentMusic).toMatchObject({ shuffle: false, repeatSingle: true });
    expect(single.queue.order).toEqual([0, 1, 2, 3]);
    expect(musicSlice.reducer(single, shuffleChanged(true)).currentMusic).toMatchObject({
      shuffle: true,
      repeatSingle: false,
    });
  });

  it('plays every song once with shuffle, the current one first', () => {
    const state = reduce(start('c'), shuffleChanged(true));
    const heard = playThrough(state);
    expect(heard[0]).toBe('c');
    expect([...heard].sort()).toEqual(songs);
  });

  it('reshuffles with repeat at the end, without repeating the song just heard', () => {
    let state = reduce(start('a'), shuffleChanged(true), repeatChanged(true));
    for (let i = 0; i < 3; i++) state = musicSlice.reducer(state, nextRequested());
    const lastHeard = state.currentMusic.musicId;
    const wrapped = musicSlice.reducer(state, trackEnded());
    expect(wrapped.queue.position).toBe(0);
    expect(wrapped.currentMusic.musicId).not.toBe(lastHeard);
    expect([...wrapped.queue.order].sort()).toEqual([0, 1, 2, 3]);
  });

  it('goes back in play order, to the end with repeat, else restarts the first song', () => {
    const second = reduce(start(), nextRequested());
    expect(musicSlice.reducer(second, previousRequested()).currentMusic.musicId).toBe('a');
    const first = start();
    const again = musicSlice.reducer(first, previousRequested());
    expect(again.currentMusic.musicId).toBe('a');
    expect(again.queue.playId).toBe(first.queue.playId + 1);
    expect(reduce(first, repeatChanged(true), previousRequested()).currentMusic.musicId).toBe('d');
    const shuffled = reduce(start('b'), shuffleChanged(true), nextRequested());
    expect(musicSlice.reducer(shuffled, previousRequested()).currentMusic.musicId).toBe('b');
  });

  it('plays a song picked from the queue', () => {
    const state = reduce(start(), queueItemChosen(3));
    expect(state.currentMusic).toMatchObject({ musicId: 'd', isLastMusic: true });
    expect(reduce(start(), shuffleChanged(true), queueItemChosen(1)).currentMusic.musicId).toBe('b');
  });

  it('closes, keeping the shuffle and repeat choices', () => {
    const state = reduce(start(), repeatChanged(true), shuffleChanged(true), playerClosed());
    expect(state.currentMusic).toMatchObject({
      musicId: null,
      isPlaying: false,
      repeat: true,
      shuffle: true,
    });
    expect(state.queue.musicIds).toEqual([]);
  });
});
