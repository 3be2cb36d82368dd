import { describe, expect, it } from 'vitest';
import {
  addToQueue,
  clearUpNext,
  closeQueue,
  currentEntry,
  emptyQueue,
  hasNext,
  jumpTo,
  moveUpNext,
  next,
  nextRepeatMode,
  playNext,
  previous,
  removeFromQueue,
  setRepeat,
  setShuffle,
  songEnded,
  startQueue,
  upNext,
  type PlayQueue,
} from './play-queue.ts';

const songs = ['a', 'b', 'c', 'd'];
const start = (musicId = 'a', queue: PlayQueue = emptyQueue) =>
  startQueue(queue, { playlistId: 'p1', musicIds: songs, musicId }, 0.3);
const playing = (queue: PlayQueue) => currentEntry(queue)?.musicId;
const ids = (entries: readonly { musicId: string }[]) => entries.map((entry) => entry.musicId);

/** The songs heard by pressing next until nothing changes (at most `limit` presses). */
function playThrough(queue: PlayQueue, limit = 10): string[] {
  const heard = [playing(queue)!];
  for (let i = 0; i < limit; i++) {
    const after = next(queue, 0.1 * i);
    if (after.playId === queue.playId) break;
    heard.push(playing(after)!);
    queue = after;
  }
  return heard;
}

describe('the play queue', () => {
  it('starts a playlist at the chosen song', () => {
    const queue = start('c');
    expect(playing(queue)).toBe('c');
    expect(queue.playlistId).toBe('p1');
    expect(ids(upNext(queue))).toEqual(['d']);
    expect(hasNext(queue)).toBe(true);
    expect(queue.playId).toBe(1);
  });

  it('plays a song that is not in the list on its own', () => {
    const queue = startQueue(emptyQueue, { playlistId: null, musicIds: [], musicId: 'x' }, 0);
    expect(ids(queue.entries)).toEqual(['x']);
    expect(hasNext(queue)).toBe(false);
  });

  it('goes next in order and stops offering next at the last song', () => {
    expect(playThrough(start())).toEqual(['a', 'b', 'c', 'd']);
    const last = next(next(next(start(), 0), 0), 0);
    expect(playing(last)).toBe('d');
    expect(hasNext(last)).toBe(false);
    expect(next(last, 0)).toBe(last);
  });

  it('stops after the last song ends without repeat, and a new play of it counts anew', () => {
    const last = start('d');
    const { queue, ended } = songEnded(last, 0);
    expect(ended).toBe(true);
    expect(playing(queue)).toBe('d');
    expect(queue.playId).toBe(last.playId + 1);
  });

  it('wraps to the first song with repeat', () => {
    const last = setRepeat(start('d'), 'all');
    expect(songEnded(last, 0)).toMatchObject({ ended: false });
    expect(playing(songEnded(last, 0).queue)).toBe('a');
    expect(playing(next(last, 0))).toBe('a');
    expect(hasNext(last)).toBe(true);
  });

  it('repeats one song when it ends but still lets next move on', () => {
    const queue = setRepeat(start('b'), 'one');
    const ended = songEnded(queue, 0).queue;
    expect(playing(ended)).toBe('b');
    expect(ended.playId).toBe(queue.playId + 1);
    expect(playing(next(queue, 0))).toBe('c');
  });

  it('turns shuffle off when repeat one goes on, and repeat one off when shuffle goes on', () => {
    const shuffled = setShuffle(start(), true, 0.5);
    const single = setRepeat(shuffled, 'one');
    expect(single).toMatchObject({ shuffle: false, repeat: 'one' });
    expect(ids(single.entries)).toEqual(songs);
    expect(setShuffle(single, true, 0.5)).toMatchObject({ shuffle: true, repeat: 'all' });
    expect(setShuffle(setRepeat(start(), 'one'), false, 0)).toMatchObject({ repeat: 'one' });
  });

  it('cycles repeat off, all, one', () => {
    expect([nextRepeatMode('off'), nextRepeatMode('all'), nextRepeatMode('one')]).toEqual([
      'all',
      'one',
      'off',
    ]);
  });

  it('plays every song once with shuffle, the current one first, and goes back to playlist order', () => {
    const queue = setShuffle(start('c'), true, 0.42);
    const heard = playThrough(queue);
    expect(heard[0]).toBe('c');
    expect([...heard].sort()).toEqual(songs);
    expect(ids(setShuffle(queue, true, 0.42).entries)).toEqual(ids(queue.entries));
    const off = setShuffle(next(queue, 0), false, 0);
    expect(ids(off.entries)).toEqual(songs);
    expect(playing(off)).toBe(heard[1]);
  });

  it('starts a new list shuffled when shuffle is on', () => {
    const queue = start('b', setShuffle(emptyQueue, true, 0));
    expect(playing(queue)).toBe('b');
    expect(queue.position).toBe(0);
    expect([...ids(queue.entries)].sort()).toEqual(songs);
  });

  it('reshuffles with repeat at the end, without repeating the song just heard', () => {
    for (const seed of [0, 0.3, 0.7, 0.99]) {
      let queue = setRepeat(setShuffle(start('a'), true, seed), 'all');
      for (let i = 0; i < 3; i++) queue = next(queue, seed);
      const lastHeard = playing(queue);
      const wrapped = songEnded(queue, seed).queue;
      expect(wrapped.position).toBe(0);
      expect(playing(wrapped)).not.toBe(lastHeard);
      expect([...ids(wrapped.entries)].sort()).toEqual(songs);
    }
  });

  it('goes back in play order, to the end with repeat, else restarts the first song', () => {
    expect(playing(previous(next(start(), 0)))).toBe('a');
    const first = start();
    const again = previous(first);
    expect(playing(again)).toBe('a');
    expect(again.playId).toBe(first.playId + 1);
    expect(playing(previous(setRepeat(first, 'all')))).toBe('d');
    const shuffled = next(setShuffle(start('b'), true, 0.2), 0);
    expect(playing(previous(shuffled))).toBe('b');
  });

  it('plays a song picked from up next', () => {
    const queue = start();
    const picked = jumpTo(queue, upNext(queue)[2]!.key);
    expect(playing(picked)).toBe('d');
    expect(hasNext(picked)).toBe(false);
    expect(jumpTo(queue, 999)).toBe(queue);
  });

  it('queues a song to play next or at the end, the same song twice as two entries', () => {
    let queue = playNext(start('b'), 'x');
    expect(ids(upNext(queue))).toEqual(['x', 'c', 'd']);
    queue = addToQueue(queue, 'x');
    expect(ids(upNext(queue))).toEqual(['x', 'c', 'd', 'x']);
    expect(new Set(queue.entries.map((entry) => entry.key)).size).toBe(queue.entries.length);
    expect(playThrough(queue)).toEqual(['b', 'x', 'c', 'd', 'x']);
  });

  it('starts with the queued song when nothing plays', () => {
    const queue = addToQueue(emptyQueue, 'x');
    expect(playing(queue)).toBe('x');
    expect(queue.playId).toBe(1);
    expect(playing(playNext(emptyQueue, 'y'))).toBe('y');
  });

  it('keeps queued songs when shuffle goes on and off', () => {
    const queue = addToQueue(playNext(start('a'), 'x'), 'y');
    const shuffled = setShuffle(queue, true, 0.6);
    expect([...ids(upNext(shuffled))].sort()).toEqual(['b', 'c', 'd', 'x', 'y']);
    expect(ids(setShuffle(shuffled, false, 0).entries)).toEqual(['a', 'x', 'b', 'c', 'd', 'y']);
  });

  it('moves a song within up next, and the move holds in playlist order', () => {
    const queue = start('a');
    const moved = moveUpNext(queue, 2, 0);
    expect(ids(upNext(moved))).toEqual(['d', 'b', 'c']);
    expect(playThrough(moved)).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(upNext(moveUpNext(moved, 0, 1)))).toEqual(['b', 'd', 'c']);
    expect(moveUpNext(queue, 0, 3)).toBe(queue);
    expect(moveUpNext(queue, -1, 0)).toBe(queue);
    // With shuffle on the move changes the play order only.
    const shuffled = setShuffle(queue, true, 0.6);
    const reordered = moveUpNext(shuffled, 0, 2);
    expect(ids(upNext(reordered))).toEqual([...ids(upNext(shuffled)).slice(1, 3), ids(upNext(shuffled))[0]]);
    expect(ids(setShuffle(reordered, false, 0).entries)).toEqual(songs);
  });

  it('removes one song from up next and clears it, keeping what plays', () => {
    const queue = next(start('a'), 0);
    const without = removeFromQueue(queue, upNext(queue)[0]!.key);
    expect(ids(upNext(without))).toEqual(['d']);
    expect(removeFromQueue(queue, queue.entries[0]!.key)).toBe(queue);
    const cleared = clearUpNext(queue);
    expect(upNext(cleared)).toEqual([]);
    expect(playing(cleared)).toBe('b');
    expect(hasNext(cleared)).toBe(false);
    expect(playing(previous(cleared))).toBe('a');
    expect(ids(setShuffle(cleared, false, 0).entries)).toEqual(['a', 'b']);
  });

  it('closes, keeping the shuffle and repeat choices', () => {
    const queue = closeQueue(setShuffle(setRepeat(start(), 'all'), true, 0));
    expect(queue).toMatchObject({ shuffle: true, repeat: 'all', entries: [], playlistId: null });
    expect(currentEntry(queue)).toBeNull();
  });
});
