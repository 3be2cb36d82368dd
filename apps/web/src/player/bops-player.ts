import { EventEmitter } from './event-emitter.ts';
import * as queues from './play-queue.ts';
import type { PlayQueue, QueueEntry, RepeatMode } from './play-queue.ts';

/** Seconds, as the audio element counts them. */
export type Seconds = number;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BopsPlayerOptions {
  /** The audio element to drive; a new one (not yet in the page) when left out. */
  audio?: HTMLAudioElement;
  /** Where the volume is kept between visits (localStorage when left out; null: this page only). */
  storage?: KeyValueStorage | null;
  /** Where the queue survives a reload of the tab (sessionStorage when left out; null: this page only). */
  queueStorage?: KeyValueStorage | null;
  /** The browser's Media Session for lock-screen and headset controls (the browser's own when left out). */
  mediaSession?: MediaSession | null;
  /** Numbers in [0, 1) that shuffling draws from (Math.random when left out; tests pass a fixed one). */
  random?: () => number;
  /** Previous restarts the song instead of going back once this far in (3 s, as every music player does). */
  restartAfter?: Seconds;
  /** A song counted less than this long ago is not counted again by this player (the server's window, 30 min). */
  listenWindow?: Seconds;
  /** The clock listens are timed with (Date.now when left out). */
  now?: () => number;
}

/** What the current song's audio is and how the lock screen names it; the player knows songs only by id. */
export interface SongSource {
  musicId: string;
  /** The audio's URL; empty while the song is still being made (nothing plays). */
  src: string;
  title?: string;
  artist?: string;
  /** Cover picture URL for the lock screen. */
  artwork?: string;
}

export interface PlayerState {
  /** What plays and in which order (see play-queue.ts). */
  readonly queue: PlayQueue;
  /** The current song, or null when the player is closed. */
  readonly musicId: string | null;
  /** The current song plays, or is asked to (the audio may still be loading). */
  readonly playing: boolean;
  /** 0 to 1, kept between visits. */
  readonly volume: number;
  readonly muted: boolean;
  /** Where in the current song the audio is. */
  readonly time: Seconds;
  /** The audio's length once known, else 0. */
  readonly duration: Seconds;
}

export interface PlayerEvents {
  /** Anything in the state changed; the argument is the new state. */
  change: PlayerState;
  /** A play of a song began and counts as a listen: once per play, pausing and resuming is the same one. */
  listen: { musicId: string };
  /** The browser refused to play (no autoplay allowed, a broken file); the player is paused again. */
  error: { musicId: string | null; error: unknown };
}

const volumeKey = 'bops.player-volume';
const queueKey = 'bops.player-queue';
/** A longer saved queue is not restored (the storage is the browser's, anything may be in it). */
const savedQueueLimit = 2000;

/** The queue as kept between visits: song ids, play order and choices; entry keys are made afresh. */
interface SavedQueue {
  playlistId: string | null;
  special: boolean;
  /** Playlist order. */
  musicIds: string[];
  /** Play order, as places in `musicIds`. */
  order: number[];
  position: number;
  shuffle: boolean;
  repeat: RepeatMode;
}

function saveQueue(storage: KeyValueStorage | null, queue: PlayQueue): void {
  try {
    if (queue.entries.length === 0) return storage?.removeItem(queueKey);
    const saved: SavedQueue = {
      playlistId: queue.playlistId,
      special: queue.special,
      musicIds: queue.unshuffled.map((entry) => entry.musicId),
      order: queue.entries.map((entry) => queue.unshuffled.indexOf(entry)),
      position: queue.position,
      shuffle: queue.shuffle,
      repeat: queue.repeat,
    };
    storage?.setItem(queueKey, JSON.stringify(saved));
  } catch {
    // Storage refused or full: the queue lasts as long as the page.
  }
}

/** The saved queue when it is whole and sound, else the empty one. */
function readQueue(storage: KeyValueStorage | null): PlayQueue {
  try {
    const raw = storage?.getItem(queueKey);
    if (!raw) return queues.emptyQueue;
    const saved = JSON.parse(raw) as Partial<SavedQueue>;
    const { musicIds, order, position } = saved;
    const ids = Array.isArray(musicIds) && musicIds.every((id) => typeof id === 'string') ? musicIds : null;
    if (!ids || ids.length === 0 || ids.length > savedQueueLimit || !Array.isArray(order))
      return queues.emptyQueue;
    const places = new Set(order);
    const sound =
      order.length === ids.length &&
      places.size === ids.length &&
      order.every((place) => Number.isInteger(place) && place >= 0 && place < ids.length) &&
      Number.isInteger(position) &&
      position! >= 0 &&
      position! < ids.length;
    if (!sound) return queues.emptyQueue;
    const unshuffled = ids.map((musicId, index) => ({ key: index + 1, musicId }));
    return {
      ...queues.emptyQueue,
      playlistId: typeof saved.playlistId === 'string' ? saved.playlistId : null,
      special: saved.special === true,
      unshuffled,
      entries: order.map((place) => unshuffled[place]!),
      position: position!,
      shuffle: saved.shuffle === true,
      repeat: saved.repeat === 'all' || saved.repeat === 'one' ? saved.repeat : 'off',
      nextKey: ids.length + 1,
    };
  } catch {
    return queues.emptyQueue;
  }
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function readVolume(storage: KeyValueStorage | null): number {
  try {
    const stored = storage?.getItem(volumeKey) ?? null;
    const value = Number(stored);
    return stored !== null && value >= 0 && value <= 1 ? value : 1;
  } catch {
    return 1;
  }
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * The music player without its looks: it owns the audio element, the queue (shuffle, repeat, "Up next"), the
 * volume, the Media Session and when a listen counts. Views read `getState()` and call its methods; every
 * change is announced by the `change` event. The queue survives a reload of the tab, paused. It knows songs by id: whoever shows the player tells it the
 * current song's audio URL with `setSource()`.
 */
export class BopsPlayer extends EventEmitter<PlayerEvents> {
  readonly audio: HTMLAudioElement;
  readonly #storage: KeyValueStorage | null;
  readonly #queueStorage: KeyValueStorage | null;
  readonly #session: MediaSession | null;
  readonly #random: () => number;
  readonly #restartAfter: Seconds;
  readonly #listenWindow: Seconds;
  readonly #now: () => number;
  #state: PlayerState;
  #source: SongSource | null = null;
  /** The play that last reached the audio element, so a play starts from the top once. */
  #loadedPlay = -1;
  /** What was last asked of the element (play, song, playing or not). */
  #request = '';
  #countedPlay = -1;
  /** When this player last counted each song (ms), so skipping back and forth posts nothing new. */
  readonly #counted = new Map<string, number>();
  #sessionReady = false;
  readonly #detach: () => void;

  constructor(options: BopsPlayerOptions = {}) {
    super();
    this.audio = options.audio ?? document.createElement('audio');
    this.audio.preload = 'metadata';
    this.#storage = options.storage === undefined ? browserStorage('localStorage') : options.storage;
    this.#queueStorage =
      options.queueStorage === undefined ? browserStorage('sessionStorage') : options.queueStorage;
    this.#session =
      options.mediaSession !== undefined
        ? options.mediaSession
        : typeof navigator !== 'undefined' && navigator.mediaSession
          ? navigator.mediaSession
          : null;
    this.#random = options.random ?? Math.random;
    this.#restartAfter = options.restartAfter ?? 3;
    this.#listenWindow = options.listenWindow ?? 30 * 60;
    this.#now = options.now ?? Date.now;
    // What was playing last time waits, paused, where it was left.
    const queue = readQueue(this.#queueStorage);
    this.#state = {
      queue,
      musicId: queues.currentEntry(queue)?.musicId ?? null,
      playing: false,
      volume: readVolume(this.#storage),
      muted: false,
      time: 0,
      duration: 0,
    };
    this.audio.volume = this.#state.volume;
    this.#detach = this.#listenToAudio();
  }

  /** For useSyncExternalStore: the same object until something changes. */
  readonly getState = (): PlayerState => this.#state;

  /** For useSyncExternalStore: calls `listener` on every change; answers the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => this.on('change', listener);

  /** The entries after the current one. */
  get upNext(): readonly QueueEntry[] {
    return queues.upNext(this.#state.queue);
  }

  /** Next is offered: a song follows, or repeat wraps around. */
  get hasNext(): boolean {
    return queues.hasNext(this.#state.queue);
  }

  get repeat(): RepeatMode {
    return this.#state.queue.repeat;
  }

  /** Plays `musicId` from a list of songs, which becomes the queue; `autoplay: false` only loads it. */
  start(
    list: { playlistId: string | null; musicIds: readonly string[]; musicId: string; special?: boolean },
    { autoplay = true }: { autoplay?: boolean } = {},
  ): void {
    this.#update(queues.startQueue(this.#state.queue, list, this.#random()), autoplay);
  }

  play(): void {
    if (this.#state.musicId && !this.#state.playing) this.#set({ playing: true });
  }

  pause(): void {
    if (this.#state.playing) this.#set({ playing: false });
  }

  toggle(): void {
    if (this.#state.playing) this.pause();
    else this.play();
  }

  next(): void {
    this.#update(queues.next(this.#state.queue, this.#random()), true);
  }

  /** Back one song, or to the top of this one when it has played a few seconds. */
  previous(): void {
    if (this.audio.currentTime > this.#restartAfter) return this.seek(0);
    this.#update(queues.previous(this.#state.queue), true);
  }

  setShuffle(on: boolean): void {
    this.#update(queues.setShuffle(this.#state.queue, on, this.#random()));
  }

  setRepeat(mode: RepeatMode): void {
    this.#update(queues.setRepeat(this.#state.queue, mode));
  }

  /** Off → all → one → off. */
  cycleRepeat(): void {
    this.setRepeat(queues.nextRepeatMode(this.#state.queue.repeat));
  }

  /** "Play next" from a song's menu; plays at once when nothing is loaded. */
  playNext(musicId: string): void {
    const empty = this.#state.musicId === null;
    this.#update(queues.playNext(this.#state.queue, musicId), empty || undefined);
  }

  /** "Add to queue" from a song's menu; plays at once when nothing is loaded. */
  addToQueue(musicId: string): void {
    const empty = this.#state.musicId === null;
    this.#update(queues.addToQueue(this.#state.queue, musicId), empty || undefined);
  }

  /** Moves a song within "Up next" (positions count from the song after the current one). */
  moveUpNext(from: number, to: number): void {
    this.#update(queues.moveUpNext(this.#state.queue, from, to));
  }

  removeFromQueue(key: number): void {
    this.#update(queues.removeFromQueue(this.#state.queue, key));
  }

  clearUpNext(): void {
    this.#update(queues.clearUpNext(this.#state.queue));
  }

  /** Plays the "Up next" entry with `key`. */
  jumpTo(key: number): void {
    this.#update(queues.jumpTo(this.#state.queue, key), true);
  }

  /** Stops and unloads, keeping the shuffle and repeat choices. */
  close(): void {
    this.#update(queues.closeQueue(this.#state.queue), false);
  }

  seek(seconds: Seconds): void {
    if (!this.#source?.src) return;
    const end = Number.isFinite(this.audio.duration) ? this.audio.duration : this.#state.duration;
    this.audio.currentTime = clamp(seconds, 0, end || seconds);
    this.#set({ time: this.audio.currentTime });
  }

  seekBy(seconds: Seconds): void {
    this.seek(this.audio.currentTime + seconds);
  }

  setVolume(volume: number): void {
    this.#set({ volume: Math.round(clamp(volume, 0, 1) * 100) / 100, muted: false });
  }

  /** Louder or softer by `amount` (the arrow keys), unmuting. */
  changeVolume(amount: number): void {
    this.setVolume(this.#state.volume + amount);
  }

  setMuted(muted: boolean): void {
    this.#set({ muted });
  }

  toggleMute(): void {
    this.setMuted(!this.#state.muted);
  }

  /** The current song's audio and names. A source for a song that is no longer current is ignored. */
  setSource(source: SongSource): void {
    if (source.musicId !== this.#state.musicId) return;
    const known = this.#source;
    if (
      known &&
      known.musicId === source.musicId &&
      known.src === source.src &&
      known.title === source.title &&
      known.artist === source.artist &&
      known.artwork === source.artwork
    )
      return;
    this.#source = source;
    this.#showMetadata();
    this.#apply();
  }

  /** Lets go of the audio element and every listener (the page is done with the player). */
  destroy(): void {
    this.close();
    this.#detach();
    this.#releaseSession();
    this.removeAllListeners();
  }

  #update(queue: PlayQueue, playing?: boolean): void {
    const musicId = queues.currentEntry(queue)?.musicId ?? null;
    this.#set({
      queue,
      musicId,
      playing: musicId === null ? false : (playing ?? this.#state.playing),
    });
  }

  #set(changes: Partial<PlayerState>): void {
    const before = this.#state;
    const next = { ...before, ...changes };
    const changed = (Object.keys(changes) as (keyof PlayerState)[]).some((key) => before[key] !== next[key]);
    if (!changed) return;
    this.#state = next;
    if (next.musicId !== this.#source?.musicId) this.#source = null;
    if (next.volume !== before.volume) this.#saveVolume(next.volume);
    if (next.queue !== before.queue) saveQueue(this.#queueStorage, next.queue);
    this.#apply();
    this.emit('change', next);
  }

  /** Brings the audio element and the Media Session in line with the state. */
  #apply(): void {
    const { audio } = this;
    const { queue, playing, volume, muted } = this.#state;
    audio.volume = volume;
    audio.muted = muted;
    const src = this.#source?.src ?? '';
    if (!src) {
      if (audio.hasAttribute('src')) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
    } else if (this.#loadedPlay !== queue.playId || !audio.hasAttribute('src')) {
      // A new play (another song, or the same one again) starts at the beginning.
      this.#loadedPlay = queue.playId;
      if (audio.src !== new URL(src, document.baseURI).href) audio.src = src;
      else audio.currentTime = 0;
    }
    // Only a change of what is asked reaches the element: its own pauses and plays are already in the state.
    const request = src ? `${queue.playId} ${src} ${playing}` : '';
    if (request !== this.#request) {
      this.#request = request;
      if (src && playing) this.#startAudio();
      else if (src && !audio.paused) audio.pause();
    }
    this.#showPlayback();
  }

  #startAudio(): void {
    // Older engines answer nothing from play(); wrapping keeps one path for both.
    Promise.resolve(this.audio.play()).catch((error: unknown) => {
      // AbortError: a newer load or pause took over, which is expected while skipping songs.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      this.emit('error', { musicId: this.#state.musicId, error });
      this.#set({ playing: false });
    });
  }

  #saveVolume(volume: number): void {
    try {
      this.#storage?.setItem(volumeKey, String(volume));
    } catch {
      // Storage refused: the volume lasts as long as the page.
    }
  }

  #listenToAudio(): () => void {
    const { audio } = this;
    const handlers: [keyof HTMLMediaElementEventMap, () => void][] = [
      ['timeupdate', () => this.#set({ time: audio.currentTime })],
      ['durationchange', () => this.#set({ duration: Number.isFinite(audio.duration) ? audio.duration : 0 })],
      ['emptied', () => this.#set({ time: 0, duration: 0 })],
      [
        'ended',
        () => {
          const { queue, ended } = queues.songEnded(this.#state.queue, this.#random());
          this.#update(queue, !ended);
        },
      ],
      ['playing', () => this.#countListen()],
      ['play', () => this.#state.musicId && this.#set({ playing: true })],
      [
        'pause',
        () => {
          // A pause the app did not ask for (a headset unplugged, another tab took the audio).
          if (!audio.ended && audio.readyState > 0) this.#set({ playing: false });
        },
      ],
    ];
    for (const [name, handler] of handlers) audio.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of handlers) audio.removeEventListener(name, handler);
    };
  }

  #countListen(): void {
    const { musicId, queue } = this.#state;
    if (!musicId || this.#countedPlay === queue.playId) return;
    this.#countedPlay = queue.playId;
    const now = this.#now();
    const last = this.#counted.get(musicId);
    // The server counts one listen per listener and song in its window; posting again would add nothing.
    if (last !== undefined && now - last < this.#listenWindow * 1000) return;
    this.#counted.set(musicId, now);
    this.emit('listen', { musicId });
  }

  #showMetadata(): void {
    const session = this.#session;
    if (!session) return;
    this.#prepareSession(session);
    const source = this.#source;
    if (!source?.title || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({
      title: source.title,
      artist: source.artist ?? '',
      album: 'Bops',
      artwork: source.artwork
        ? [{ src: new URL(source.artwork, document.baseURI).href, sizes: '512x512' }]
        : [],
    });
  }

  #showPlayback(): void {
    const session = this.#session;
    if (!session || !this.#sessionReady) return;
    const { musicId, playing, time, duration } = this.#state;
    session.playbackState = musicId === null ? 'none' : playing ? 'playing' : 'paused';
    if (musicId === null) session.metadata = null;
    if (!session.setPositionState || !(duration > 0)) return;
    try {
      session.setPositionState({ duration, position: Math.min(Math.floor(time), duration), playbackRate: 1 });
    } catch {
      // A position past the end while a song changes; the next update corrects it.
    }
  }

  /** The lock screen's buttons, set when the first song loads so an unused player claims nothing. */
  #prepareSession(session: MediaSession): void {
    if (this.#sessionReady) return;
    this.#sessionReady = true;
    for (const [action, handler] of this.#sessionHandlers()) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action.
      }
    }
  }

  #releaseSession(): void {
    const session = this.#session;
    if (!session || !this.#sessionReady) return;
    for (const [action] of this.#sessionHandlers()) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
  }

  #sessionHandlers(): [MediaSessionAction, MediaSessionActionHandler][] {
    return [
      ['play', () => this.play()],
      ['pause', () => this.pause()],
      ['nexttrack', () => this.next()],
      ['previoustrack', () => this.previous()],
      ['seekto', (details) => this.seek(details.seekTime ?? 0)],
      ['seekbackward', (details) => this.seekBy(-(details.seekOffset ?? 10))],
      ['seekforward', (details) => this.seekBy(details.seekOffset ?? 10)],
    ];
  }
}
