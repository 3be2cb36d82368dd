/** One place in the queue; `key` tells two entries of the same song apart (a song may be queued twice). */
export interface QueueEntry {
  readonly key: number;
  readonly musicId: string;
}

export type RepeatMode = 'off' | 'all' | 'one';

/**
 * What plays and in which order. Immutable: every change answers a new queue, so the player's snapshots can be
 * compared by reference.
 */
export interface PlayQueue {
  /** The playlist the songs came from (null: a single song, or songs queued one by one). */
  readonly playlistId: string | null;
  /** The songs come from the special top-songs playlist (they share by its own route). */
  readonly special: boolean;
  /** Play order: what was heard, the current song at `position`, then what comes up next. */
  readonly entries: readonly QueueEntry[];
  /** The same entries in the order they play with shuffle off (playlist order plus what was queued). */
  readonly unshuffled: readonly QueueEntry[];
  readonly position: number;
  readonly shuffle: boolean;
  readonly repeat: RepeatMode;
  /** Counts plays: a new song, or the same one again, is a new play (a listen is counted once per play). */
  readonly playId: number;
  readonly nextKey: number;
}

export const emptyQueue: PlayQueue = {
  playlistId: null,
  special: false,
  entries: [],
  unshuffled: [],
  position: 0,
  shuffle: false,
  repeat: 'off',
  playId: 0,
  nextKey: 1,
};

/** A small seeded generator, so a queue change stays a pure function of its inputs. */
export function seededRandom(seed: number): () => number {
  let a = Math.floor(seed * 0x7fffffff) >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  const random = seededRandom(seed);
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function currentEntry(queue: PlayQueue): QueueEntry | null {
  return queue.entries[queue.position] ?? null;
}

/** The songs that play after the current one, in order. */
export function upNext(queue: PlayQueue): readonly QueueEntry[] {
  return queue.entries.slice(queue.position + 1);
}

/** Next is offered: a song follows, or the end wraps around. */
export function hasNext(queue: PlayQueue): boolean {
  if (queue.entries.length === 0) return false;
  return queue.position < queue.entries.length - 1 || queue.repeat !== 'off';
}

function moveTo(queue: PlayQueue, position: number): PlayQueue {
  return { ...queue, position, playId: queue.playId + 1 };
}

/** The current song first, every other one after it in a shuffled order. */
function shuffleAround(queue: PlayQueue, first: QueueEntry | null, seed: number): PlayQueue {
  const rest = queue.unshuffled.filter((entry) => entry !== first);
  const entries = first ? [first, ...shuffled(rest, seed)] : shuffled(rest, seed);
  return { ...queue, entries, position: 0 };
}

function inPlaylistOrder(queue: PlayQueue): PlayQueue {
  const current = currentEntry(queue);
  const position = current ? queue.unshuffled.indexOf(current) : 0;
  return { ...queue, entries: queue.unshuffled, position: Math.max(0, position) };
}

/**
 * Plays `musicId` from a list of songs (a playlist's playable songs): the list becomes the queue, in playlist
 * order or shuffled with the chosen song first. A song not in the list plays on its own.
 */
export function startQueue(
  queue: PlayQueue,
  list: { playlistId: string | null; musicIds: readonly string[]; musicId: string; special?: boolean },
  seed: number,
): PlayQueue {
  const musicIds = list.musicIds.includes(list.musicId) ? list.musicIds : [list.musicId];
  const unshuffled = musicIds.map((musicId, index) => ({ key: queue.nextKey + index, musicId }));
  const chosen = unshuffled[musicIds.indexOf(list.musicId)]!;
  const started: PlayQueue = {
    ...queue,
    playlistId: list.playlistId,
    special: list.special ?? false,
    unshuffled,
    entries: unshuffled,
    position: unshuffled.indexOf(chosen),
    nextKey: queue.nextKey + unshuffled.length,
    playId: queue.playId + 1,
  };
  return queue.shuffle ? shuffleAround(started, chosen, seed) : started;
}

/** Shuffle keeps the current song and shuffles every other one after it; off goes back to playlist order. */
export function setShuffle(queue: PlayQueue, on: boolean, seed: number): PlayQueue {
  // The two cannot both hold: one song on repeat has nothing to shuffle.
  const repeat = on && queue.repeat === 'one' ? 'all' : queue.repeat;
  const changed = { ...queue, shuffle: on, repeat };
  return on ? shuffleAround(changed, currentEntry(queue), seed) : inPlaylistOrder(changed);
}

/** Repeat one turns shuffle off (docs/PRODUCT.md#states). */
export function setRepeat(queue: PlayQueue, repeat: RepeatMode): PlayQueue {
  if (repeat === 'one' && queue.shuffle) return inPlaylistOrder({ ...queue, repeat, shuffle: false });
  return { ...queue, repeat };
}

/** The repeat button's cycle: off → all → one → off. */
export function nextRepeatMode(repeat: RepeatMode): RepeatMode {
  return repeat === 'off' ? 'all' : repeat === 'all' ? 'one' : 'off';
}

/** Starts the order over at the top; shuffled again with a song other than the one just heard in front. */
function wrapAround(queue: PlayQueue, seed: number): PlayQueue {
  if (!queue.shuffle) return moveTo(queue, 0);
  const others = queue.unshuffled.filter((entry) => entry !== currentEntry(queue));
  const first = others.length > 0 ? others[Math.floor(seed * others.length)]! : currentEntry(queue);
  return moveTo(shuffleAround(queue, first, seed), 0);
}

/** The Next button: repeat one does not hold the listener on the song; at the end it wraps only with repeat. */
export function next(queue: PlayQueue, seed: number): PlayQueue {
  if (queue.entries.length === 0) return queue;
  if (queue.position < queue.entries.length - 1) return moveTo(queue, queue.position + 1);
  if (queue.repeat !== 'off') return wrapAround(queue, seed);
  return queue;
}

/** The Previous button: back one in play order; at the start, to the end with repeat, else the same song again. */
export function previous(queue: PlayQueue): PlayQueue {
  if (queue.entries.length === 0) return queue;
  if (queue.position > 0) return moveTo(queue, queue.position - 1);
  if (queue.repeat !== 'off') return moveTo(queue, queue.entries.length - 1);
  return moveTo(queue, 0);
}

/** A song played to its end; `ended: true` when the last song ended the list (it stays loaded, paused). */
export function songEnded(queue: PlayQueue, seed: number): { queue: PlayQueue; ended: boolean } {
  if (queue.entries.length === 0) return { queue, ended: true };
  if (queue.repeat === 'one') return { queue: moveTo(queue, queue.position), ended: false };
  if (queue.position < queue.entries.length - 1)
    return { queue: moveTo(queue, queue.position + 1), ended: false };
  if (queue.repeat === 'all') return { queue: wrapAround(queue, seed), ended: false };
  // Playing it again is a new play.
  return { queue: moveTo(queue, queue.position), ended: true };
}

/** Plays the entry with `key` (a song picked in "Up next"); the songs skipped over count as heard. */
export function jumpTo(queue: PlayQueue, key: number): PlayQueue {
  const position = queue.entries.findIndex((entry) => entry.key === key);
  return position < 0 ? queue : moveTo(queue, position);
}

/** "Play next": the song right after the current one. An empty queue starts with it. */
export function playNext(queue: PlayQueue, musicId: string): PlayQueue {
  const entry: QueueEntry = { key: queue.nextKey, musicId };
  if (queue.entries.length === 0) return withOnly(queue, entry);
  const current = currentEntry(queue)!;
  return {
    ...queue,
    nextKey: queue.nextKey + 1,
    entries: insertAfter(queue.entries, current, entry),
    unshuffled: insertAfter(queue.unshuffled, current, entry),
  };
}

/** "Add to queue": the song at the end of what comes up. An empty queue starts with it. */
export function addToQueue(queue: PlayQueue, musicId: string): PlayQueue {
  const entry: QueueEntry = { key: queue.nextKey, musicId };
  if (queue.entries.length === 0) return withOnly(queue, entry);
  return {
    ...queue,
    nextKey: queue.nextKey + 1,
    entries: [...queue.entries, entry],
    unshuffled: [...queue.unshuffled, entry],
  };
}

function withOnly(queue: PlayQueue, entry: QueueEntry): PlayQueue {
  return {
    ...queue,
    playlistId: null,
    special: false,
    entries: [entry],
    unshuffled: [entry],
    position: 0,
    nextKey: queue.nextKey + 1,
    playId: queue.playId + 1,
  };
}

function insertAfter(
  entries: readonly QueueEntry[],
  after: QueueEntry,
  entry: QueueEntry,
): readonly QueueEntry[] {
  const at = entries.indexOf(after) + 1;
  return [...entries.slice(0, at), entry, ...entries.slice(at)];
}

/**
 * Moves a song within "Up next" (`from` and `to` count from the first song after the current one). With shuffle
 * off the playlist order is the play order, so it moves there too; with shuffle on, turning shuffle off later
 * goes back to the playlist order.
 */
export function moveUpNext(queue: PlayQueue, from: number, to: number): PlayQueue {
  const coming = [...upNext(queue)];
  if (from < 0 || from >= coming.length || to < 0 || to >= coming.length || from === to) return queue;
  const [moved] = coming.splice(from, 1);
  coming.splice(to, 0, moved!);
  const entries = [...queue.entries.slice(0, queue.position + 1), ...coming];
  if (queue.shuffle) return { ...queue, entries };
  return { ...queue, entries, unshuffled: entries };
}

/** Takes one song out of "Up next". */
export function removeFromQueue(queue: PlayQueue, key: number): PlayQueue {
  const index = queue.entries.findIndex((entry) => entry.key === key);
  if (index <= queue.position) return queue;
  return {
    ...queue,
    entries: queue.entries.filter((entry) => entry.key !== key),
    unshuffled: queue.unshuffled.filter((entry) => entry.key !== key),
  };
}

/** Empties "Up next"; the current song and those already heard stay. */
export function clearUpNext(queue: PlayQueue): PlayQueue {
  const kept = new Set(queue.entries.slice(0, queue.position + 1));
  return {
    ...queue,
    entries: queue.entries.filter((entry) => kept.has(entry)),
    unshuffled: queue.unshuffled.filter((entry) => kept.has(entry)),
  };
}

/** Stops and unloads, keeping the shuffle and repeat choices. */
export function closeQueue(queue: PlayQueue): PlayQueue {
  return {
    ...emptyQueue,
    shuffle: queue.shuffle,
    repeat: queue.repeat,
    playId: queue.playId + 1,
    nextKey: queue.nextKey,
  };
}
