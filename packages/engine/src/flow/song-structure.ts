import { RenderInputError } from '../errors.ts';
import type { SectionKind } from '../beats/beat-engine.ts';

export interface LyricSection {
  kind: SectionKind;
  lines: string[];
}

export const MAX_LYRIC_LINES = 64;
export const MAX_LYRIC_CHARACTERS = 4000;

const KINDS = 'intro|verse|hook|chorus|refrain|bridge|pre-?chorus|outro';
/** "[Verse 2: Nova]", "(Hook)", "Chorus:", "Verse 1" — but not a lyric that starts with "hook". */
const TAG = new RegExp(
  `^\\s*(?:[[(]\\s*(${KINDS})\\b[^\\])]*[\\])]|(${KINDS})(?:\\s*\\d+)?\\s*:?)\\s*:?\\s*$`,
  'i',
);

function tagKind(tag: string): SectionKind {
  const t = tag.toLowerCase();
  if (t === 'chorus' || t === 'refrain' || t === 'hook') return 'hook';
  if (t.startsWith('pre')) return 'bridge';
  return t as SectionKind;
}

/**
 * Splits lyrics into sections: explicit tags ([Hook], Chorus:, [Verse 2]) win; otherwise
 * blank-line stanzas are verses, and a stanza that repeats an earlier one is the hook. A lone
 * hook between verses is repeated after every verse, as songs do.
 */
export function parseLyrics(text: string): LyricSection[] {
  if (text.length > MAX_LYRIC_CHARACTERS) {
    throw new RenderInputError(`Lyrics are limited to ${MAX_LYRIC_CHARACTERS} characters.`);
  }
  const stanzas: { kind: SectionKind | null; lines: string[] }[] = [];
  let current: { kind: SectionKind | null; lines: string[] } = { kind: null, lines: [] };
  const flush = () => {
    if (current.lines.length) stanzas.push(current);
    current = { kind: null, lines: [] };
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const tag = TAG.exec(line);
    if (tag) {
      flush();
      current.kind = tagKind((tag[1] ?? tag[2])!);
    } else if (line === '') {
      const kind = current.kind;
      flush();
      // A tag followed by a blank line still governs the next stanza.
      if (kind && stanzas.length && stanzas[stanzas.length - 1]!.kind !== kind) current.kind = kind;
    } else if (/[a-z0-9]/i.test(line)) current.lines.push(line);
  }
  flush();
  if (stanzas.length === 0) throw new RenderInputError('The lyrics are empty.');
  const seen = new Map<string, number>();
  const sections: LyricSection[] = stanzas.map((s, i) => {
    const key = s.lines.join('\n').toLowerCase();
    const repeated = seen.has(key);
    if (!repeated) seen.set(key, i);
    return { kind: s.kind ?? (repeated ? 'hook' : 'verse'), lines: s.lines };
  });
  // Mark the first occurrence of a repeated stanza as a hook too.
  for (const [i, s] of sections.entries()) {
    const key = s.lines.join('\n').toLowerCase();
    if (
      s.kind === 'verse' &&
      sections.some((o, j) => j !== i && o.kind === 'hook' && o.lines.join('\n').toLowerCase() === key)
    )
      s.kind = 'hook';
  }
  const hooks = sections.filter((s) => s.kind === 'hook');
  const verses = sections.filter((s) => s.kind === 'verse');
  let result = sections;
  if (hooks.length === 1 && verses.length >= 2) {
    const hook = hooks[0]!;
    result = [];
    for (const s of sections) {
      if (s === hook) continue;
      result.push(s);
      if (s.kind === 'verse') result.push({ kind: 'hook', lines: hook.lines });
    }
  }
  const lineCount = result.reduce((a, s) => a + s.lines.length, 0);
  if (lineCount > MAX_LYRIC_LINES)
    throw new RenderInputError(`Songs are limited to ${MAX_LYRIC_LINES} lines of lyrics.`);
  return result;
}
