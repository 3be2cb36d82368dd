/** A timed piece of text; times in seconds from the start of the song. */
export interface TimedText {
  text: string;
  start: number;
  end: number;
}

export interface SyncedLine extends TimedText {
  words: TimedText[];
}

/** `mm:ss.xx` (also `mm:ss` and `mm:ss.xxx`) → seconds. */
export function parseStamp(stamp: string): number | null {
  const match = /^(\d{1,3}):(\d{1,2}(?:\.\d{1,3})?)$/.exec(stamp.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

const lineTag = /^\[(\d{1,3}:\d{1,2}(?:\.\d{1,3})?)\]/;
const wordTag = /<(\d{1,3}:\d{1,2}(?:\.\d{1,3})?)>/g;

/**
 * Enhanced LRC: `[mm:ss.xx]` starts a line, `<mm:ss.xx>` before a word says when it is rapped; a closing tag
 * after the last word says when the line ends. Metadata tags (`[ti:...]`) are skipped.
 */
export function parseLrc(text: string, songDuration = Number.POSITIVE_INFINITY): SyncedLine[] {
  const lines: SyncedLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const head = lineTag.exec(raw);
    if (!head) continue;
    const start = parseStamp(head[1]!);
    if (start === null) continue;
    const body = raw.slice(head[0].length);
    const stamps: { at: number; index: number; length: number }[] = [];
    for (const match of body.matchAll(wordTag)) {
      const at = parseStamp(match[1]!);
      if (at !== null) stamps.push({ at, index: match.index, length: match[0].length });
    }
    const words: TimedText[] = [];
    for (const [i, stamp] of stamps.entries()) {
      const next = stamps[i + 1];
      const word = body.slice(stamp.index + stamp.length, next ? next.index : undefined).trim();
      if (word === '') continue;
      words.push({ text: word, start: stamp.at, end: next ? next.at : Number.NaN });
    }
    const lineText = stamps.length ? words.map((w) => w.text).join(' ') : body.trim();
    // The last tag closes the line only when no word follows it.
    const last = stamps.at(-1);
    const closes = last !== undefined && body.slice(last.index + last.length).trim() === '';
    const closing = closes ? last.at : Number.NaN;
    lines.push({ text: lineText, start, end: closing, words });
  }
  lines.sort((a, b) => a.start - b.start);
  // Lines (and a last word) without a closing tag end where the next line starts.
  for (const [i, line] of lines.entries()) {
    const fallbackEnd = lines[i + 1]?.start ?? songDuration;
    if (!Number.isFinite(line.end) || line.end < line.start) line.end = fallbackEnd;
    for (const word of line.words) if (!Number.isFinite(word.end)) word.end = line.end;
  }
  return lines;
}

/** The waveform file's words and lines (no line index on words): each word goes to the line it starts in. */
export function linesFromTimings(lines: readonly TimedText[], words: readonly TimedText[]): SyncedLine[] {
  const synced: SyncedLine[] = lines.map((line) => ({ ...line, words: [] }));
  for (const word of words) {
    let target = -1;
    for (const [i, line] of synced.entries()) {
      if (word.start + 1e-3 >= line.start) target = i;
      else break;
    }
    if (target >= 0) synced[target]!.words.push({ ...word });
  }
  return synced;
}

/** The last item that has started by `time`, or -1 before the first. */
function lastStarted(items: readonly TimedText[], time: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.start <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * What to light up at `time`: the line being rapped (kept lit through the pause before the next line) and the
 * word being rapped right now (none between words).
 */
export function activeAt(lines: readonly SyncedLine[], time: number): { line: number; word: number } {
  const line = lastStarted(lines, time);
  if (line < 0) return { line: -1, word: -1 };
  const words = lines[line]!.words;
  const word = lastStarted(words, time);
  if (word < 0 || time >= words[word]!.end) return { line, word: -1 };
  return { line, word };
}
