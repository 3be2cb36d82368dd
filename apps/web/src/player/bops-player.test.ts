import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BopsPlayer, type BopsPlayerOptions } from './bops-player.ts';

const list = { playlistId: 'p1', musicIds: ['a', 'b', 'c'], musicId: 'a' };
const source = (musicId: string) => ({
  musicId,
  src: `/api/music/${musicId}/audio`,
  title: `Song ${musicId}`,
  artist: 'Ada',
  artwork: `/api/music/${musicId}/cover`,
});

/** A storage double with the Storage methods the player uses. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

/** A Media Session double: what the player set, and the handlers it registered. */
function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const positions: MediaPositionState[] = [];
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: (action: MediaSessionAction, handler: MediaSessionActionHandler | null) =>
      void handlers.set(action, handler),
    setPositionState: (state?: MediaPositionState) => void (state && positions.push(state)),
  };
  return { session: session as unknown as MediaSession, handlers, positions, raw: session };
}

let audio: HTMLAudioElement;
let plays: ReturnType<typeof vi.fn>;
let clock: number;

beforeEach(() => {
  // jsdom has the element, its attributes and events, but does not decode or play sound.
  audio = document.createElement('audio');
  plays = vi.fn(async () => undefined);
  audio.play = plays as unknown as HTMLAudioElement['play'];
  audio.pause = vi.fn();
  audio.load = vi.fn();
  clock = 1_000_000;
});

afterEach(() => vi.unstubAllGlobals());

function makePlayer(options: BopsPlayerOptions = {}) {
  return new BopsPlayer({
    audio,
    storage: null,
    queueStorage: null,
    mediaSession: null,
    random: () => 0.25,
    now: () => clock,
    ...options,
  });
}

const fire = (name: string) => audio.dispatchEvent(new Event(name));

describe('BopsPlayer', () => {
  it('loads the current song once its source is known, and plays it when asked', () => {
    const player = makePlayer();
    player.start(list);
    expect(player.getState()).toMatchObject({ musicId: 'a', playing: true });
    expect(audio.hasAttribute('src')).toBe(false);
    player.setSource(source('b'));
    expect(audio.hasAttribute('src')).toBe(false);
    player.setSource(source('a'));
    expect(audio.src).toBe(new URL('/api/music/a/audio', document.baseURI).href);
    expect(plays).toHaveBeenCalledTimes(1);
    // The same source again changes nothing.
    player.setSource(source('a'));
    expect(plays).toHaveBeenCalledTimes(1);
  });

  it('only loads a song started without autoplay', () => {
    const player = makePlayer();
    player.start(list, { autoplay: false });
    player.setSource(source('a'));
    expect(audio.getAttribute('src')).toBe('/api/music/a/audio');
    expect(plays).not.toHaveBeenCalled();
    player.toggle();
    expect(plays).toHaveBeenCalledTimes(1);
    expect(player.getState().playing).toBe(true);
  });

  it('unloads the last song while the next one is looked up, and plays a still-rendering song not at all', () => {
    const player = makePlayer();
    player.start(list);
    player.setSource(source('a'));
    player.next();
    expect(player.getState().musicId).toBe('b');
    expect(audio.hasAttribute('src')).toBe(false);
    player.setSource({ musicId: 'b', src: '' });
    expect(audio.hasAttribute('src')).toBe(false);
    expect(plays).toHaveBeenCalledTimes(1);
  });

  it('announces every change, and on() answers its unsubscribe', () => {
    const player = makePlayer();
    const seen: (string | null)[] = [];
    const off = player.on('change', (state) => seen.push(state.musicId));
    const snapshot = player.getState();
    expect(player.getState()).toBe(snapshot);
    player.start(list);
    player.next();
    off();
    player.next();
    expect(seen).toEqual(['a', 'b']);
    expect(player.getState()).not.toBe(snapshot);
    let calls = 0;
    const unsubscribe = player.subscribe(() => calls++);
    player.pause();
    player.pause();
    unsubscribe();
    player.play();
    expect(calls).toBe(1);
  });

  it('counts a listen once per play, not again on pause and resume, nor on skipping back within the window', () => {
    const player = makePlayer();
    const listens: string[] = [];
    player.on('listen', ({ musicId }) => listens.push(musicId));
    player.start(list);
    player.setSource(source('a'));
    fire('playing');
    fire('pause');
    fire('play');
    fire('playing');
    expect(listens).toEqual(['a']);
    player.next();
    player.setSource(source('b'));
    fire('playing');
    player.previous();
    player.setSource(source('a'));
    fire('playing');
    expect(listens).toEqual(['a', 'b']);
    // Past the server's window the same song counts again.
    clock += 31 * 60 * 1000;
    player.next();
    player.setSource(source('b'));
    fire('playing');
    expect(listens).toEqual(['a', 'b', 'b']);
  });

  it('moves on when a song ends, and stops after the last one', () => {
    const player = makePlayer();
    player.start({ ...list, musicId: 'b' });
    player.setSource(source('b'));
    fire('ended');
    expect(player.getState()).toMatchObject({ musicId: 'c', playing: true });
    player.setSource(source('c'));
    fire('ended');
    expect(player.getState()).toMatchObject({ musicId: 'c', playing: false });
    expect(player.hasNext).toBe(false);
  });

  it('repeats one song from the top', () => {
    const player = makePlayer();
    player.start(list);
    player.setSource(source('a'));
    player.cycleRepeat();
    player.cycleRepeat();
    expect(player.repeat).toBe('one');
    audio.currentTime = 12;
    fire('ended');
    expect(player.getState().musicId).toBe('a');
    expect(audio.currentTime).toBe(0);
    expect(plays).toHaveBeenCalledTimes(2);
  });

  it('restarts the song on previous once a few seconds in, else goes back', () => {
    const player = makePlayer();
    player.start({ ...list, musicId: 'b' });
    player.setSource(source('b'));
    audio.currentTime = 10;
    player.previous();
    expect(player.getState()).toMatchObject({ musicId: 'b', time: 0 });
    player.previous();
    expect(player.getState().musicId).toBe('a');
  });

  it('follows the element: its time, its length, and a pause nobody asked for', () => {
    const player = makePlayer();
    player.start(list);
    player.setSource(source('a'));
    audio.currentTime = 4;
    fire('timeupdate');
    expect(player.getState().time).toBe(4);
    Object.defineProperty(audio, 'duration', { configurable: true, value: 17 });
    fire('durationchange');
    expect(player.getState().duration).toBe(17);
    // A headset unplugged: the element paused with data loaded.
    Object.defineProperty(audio, 'readyState', { configurable: true, value: 4 });
    fire('pause');
    expect(player.getState().playing).toBe(false);
    fire('play');
    expect(player.getState().playing).toBe(true);
    fire('emptied');
    expect(player.getState()).toMatchObject({ time: 0, duration: 0 });
  });

  it('seeks within the song', () => {
    const player = makePlayer();
    player.start(list);
    player.seek(5);
    expect(audio.currentTime).toBe(0);
    player.setSource(source('a'));
    Object.defineProperty(audio, 'duration', { configurable: true, value: 20 });
    player.seek(8);
    expect(audio.currentTime).toBe(8);
    player.seekBy(-15);
    expect(audio.currentTime).toBe(0);
    player.seek(99);
    expect(audio.currentTime).toBe(20);
  });

  it('keeps the volume between visits and applies volume and mute to the element', () => {
    const storage = memoryStorage();
    storage.setItem('bops.player-volume', '0.4');
    const player = makePlayer({ storage });
    expect(player.getState().volume).toBe(0.4);
    expect(audio.volume).toBe(0.4);
    player.changeVolume(0.25);
    expect(audio.volume).toBeCloseTo(0.65);
    expect(storage.getItem('bops.player-volume')).toBe('0.65');
    player.toggleMute();
    expect(audio.muted).toBe(true);
    player.setVolume(2);
    expect(player.getState()).toMatchObject({ volume: 1, muted: false });
    storage.setItem('bops.player-volume', 'loud');
    expect(makePlayer({ storage }).getState().volume).toBe(1);
  });

  it('keeps the queue through a reload of the tab, paused where it was, and forgets it once closed', () => {
    const queueStorage = memoryStorage();
    const player = makePlayer({ queueStorage });
    player.start({ ...list, special: true });
    player.setShuffle(true);
    player.next();
    player.addToQueue('x');
    player.setRepeat('all');
    const before = player.getState();
    const reloaded = makePlayer({ queueStorage }).getState();
    expect(reloaded).toMatchObject({ musicId: before.musicId, playing: false });
    expect(reloaded.queue).toMatchObject({
      playlistId: 'p1',
      special: true,
      shuffle: true,
      repeat: 'all',
      position: before.queue.position,
    });
    const ids = (entries: readonly { musicId: string }[]) => entries.map((entry) => entry.musicId);
    expect(ids(reloaded.queue.entries)).toEqual(ids(before.queue.entries));
    expect(ids(reloaded.queue.unshuffled)).toEqual(ids(before.queue.unshuffled));
    player.close();
    expect(makePlayer({ queueStorage }).getState().musicId).toBeNull();
  });

  it('starts empty from a saved queue that is not whole', () => {
    const queueStorage = memoryStorage();
    const saved = { playlistId: 'p1', special: false, musicIds: ['a', 'b'], position: 0, shuffle: false };
    for (const broken of [
      '{not json',
      JSON.stringify({ ...saved, order: [0, 0] }),
      JSON.stringify({ ...saved, order: [0, 2] }),
      JSON.stringify({ ...saved, order: [0, 1], position: 2 }),
      JSON.stringify({ ...saved, musicIds: ['a', 7], order: [0, 1] }),
      JSON.stringify({ ...saved, musicIds: [], order: [] }),
    ]) {
      queueStorage.setItem('bops.player-queue', broken);
      expect(makePlayer({ queueStorage }).getState()).toMatchObject({ musicId: null, playing: false });
    }
  });

  it('pauses again when the browser refuses to play, but not for a load that took over', async () => {
    const player = makePlayer();
    const errors: unknown[] = [];
    player.on('error', ({ error }) => errors.push(error));
    plays.mockRejectedValueOnce(new DOMException('interrupted', 'AbortError'));
    player.start(list);
    player.setSource(source('a'));
    await Promise.resolve();
    await Promise.resolve();
    expect(player.getState().playing).toBe(true);
    plays.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    player.next();
    player.setSource(source('b'));
    await vi.waitFor(() => expect(player.getState().playing).toBe(false));
    expect(errors).toHaveLength(1);
  });

  it('queues songs to play next or later, and starts with one when nothing plays', () => {
    const player = makePlayer();
    player.addToQueue('x');
    expect(player.getState()).toMatchObject({ musicId: 'x', playing: true });
    player.start(list);
    player.playNext('y');
    player.addToQueue('z');
    expect(player.upNext.map((entry) => entry.musicId)).toEqual(['y', 'b', 'c', 'z']);
    player.moveUpNext(3, 0);
    expect(player.upNext.map((entry) => entry.musicId)).toEqual(['z', 'y', 'b', 'c']);
    player.removeFromQueue(player.upNext[1]!.key);
    player.jumpTo(player.upNext[1]!.key);
    expect(player.getState().musicId).toBe('b');
    player.clearUpNext();
    expect(player.upNext).toEqual([]);
    expect(player.getState().musicId).toBe('b');
  });

  it('closes: unloads, keeping shuffle and repeat', () => {
    const player = makePlayer();
    player.start(list);
    player.setSource(source('a'));
    player.setShuffle(true);
    player.setRepeat('all');
    player.close();
    expect(player.getState()).toMatchObject({ musicId: null, playing: false });
    expect(player.getState().queue).toMatchObject({ shuffle: true, repeat: 'all' });
    expect(audio.hasAttribute('src')).toBe(false);
  });

  it('drives the lock screen through the Media Session', () => {
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(init: MediaMetadataInit) {
          Object.assign(this, init);
        }
      },
    );
    const { session, handlers, positions, raw } = fakeSession();
    const player = makePlayer({ mediaSession: session });
    expect(handlers.size).toBe(0);
    player.start(list);
    player.setSource(source('a'));
    expect(raw.metadata).toMatchObject({
      title: 'Song a',
      artist: 'Ada',
      artwork: [{ src: new URL('/api/music/a/cover', document.baseURI).href }],
    });
    expect(raw.playbackState).toBe('playing');
    handlers.get('pause')!({ action: 'pause' });
    expect(raw.playbackState).toBe('paused');
    handlers.get('nexttrack')!({ action: 'nexttrack' });
    expect(player.getState().musicId).toBe('b');
    Object.defineProperty(audio, 'duration', { configurable: true, value: 30 });
    fire('durationchange');
    expect(positions.at(-1)).toMatchObject({ duration: 30, position: 0 });
    player.destroy();
    expect(raw.playbackState).toBe('none');
    expect(raw.metadata).toBeNull();
    expect([...handlers.values()].every((handler) => handler === null)).toBe(true);
  });
});
