import { FLOW_STYLES, type FlowStyle } from '@bops/engine/catalog';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { countSyllables, isPronounceable, rhymeKey } from './rhyme.ts';
import {
  actionsIng,
  endWords,
  feelings,
  hookTemplates,
  people,
  places,
  stopWords,
  things,
  verseTemplates,
  type EndCategory,
} from './word-banks.ts';

export type RhymeScheme = 'AABB' | 'ABAB';

export interface LyricsRequest {
  /** The song's title; the hook is built around it. */
  title: string;
  /** What the song is about, in the user's words. */
  prompt: string;
  /** Same seed, same lyrics (tests); random otherwise. */
  seed?: number;
  scheme?: RhymeScheme;
  /** The rap style the song will be performed in; lines are sized to what its flow fits in a bar. */
  style?: FlowStyle['id'];
}

export interface GeneratedLyrics {
  text: string;
  lines: string[];
  scheme: RhymeScheme;
}

export interface LineLength {
  min: number;
  ideal: number;
  max: number;
}

/**
 * Syllables a line should have to fit one bar in a style: the engine's flow fills at most `maxFill` of the
 * bar's slots (4 beats × `slotsPerBeat`), and a line sits best at about four fifths of that. Straight 16ths
 * give 8–13 (ideal 11); double time about twice as many; laid back and melodic fewer.
 */
export function lineLengthFor(style: FlowStyle['id'] = 'straight'): LineLength {
  const flow = FLOW_STYLES[style];
  const capacity = 4 * flow.slotsPerBeat * flow.maxFill;
  return { min: Math.round(capacity * 0.6), ideal: Math.round(capacity * 0.8), max: Math.floor(capacity) };
}

const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Small, fast, seedable PRNG (mulberry32). */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface RhymeFamily {
  key: string;
  words: Array<{ word: string; category: EndCategory }>;
}

const families: RhymeFamily[] = (() => {
  const byKey = new Map<string, RhymeFamily>();
  for (const category of Object.keys(endWords) as EndCategory[]) {
    for (const word of endWords[category]) {
      const key = rhymeKey(word);
      if (!key) continue;
      const family = byKey.get(key) ?? { key, words: [] };
      family.words.push({ word, category });
      byKey.set(key, family);
    }
  }
  return [...byKey.values()].filter((family) => new Set(family.words.map((w) => w.word)).size >= 2);
})();

/** Words from the title and prompt that can carry a line: pronounceable, meaningful, clean. */
export function topicsOf(title: string, prompt: string): string[] {
  const words = `${title} ${prompt}`
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(
      (word) =>
        word.length >= 3 && !stopWords.has(word) && isPronounceable(word) && !profanity.hasMatch(word),
    );
  return [...new Set(words)].slice(0, 8);
}

/** The hook's name for the song: a few clean words of the title, or the main topic. */
function hookTitleOf(title: string, topics: string[]): string {
  const clean = title
    .replace(/[^A-Za-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !profanity.hasMatch(word))
    .slice(0, 4)
    .join(' ');
  return clean || topics[0] || 'this sound';
}

const endSlot = /\{end:(noun|verb|adjective)\}/;

export function generateLyrics(request: LyricsRequest): GeneratedLyrics {
  const random = randomSource(request.seed ?? Math.floor(Math.random() * 2 ** 32));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const topics = topicsOf(request.title, request.prompt);
  const hookTitle = hookTitleOf(request.title, topics);
  const scheme: RhymeScheme = request.scheme ?? (random() < 0.5 ? 'AABB' : 'ABAB');
  const usedEnds = new Set<string>();
  const usedFamilies = new Set<string>();
  const usedTemplates = new Set<string>();
  const length = lineLengthFor(request.style);

  const fill = (template: string, endWord: string): string =>
    template
      .replace(/\{topic\}/g, () => (topics.length > 0 && random() < 0.8 ? pick(topics) : pick(feelings)))
      .replace(/\{title\}/g, hookTitle)
      .replace(/\{place\}/g, () => pick(places))
      .replace(/\{thing\}/g, () => pick(things))
      .replace(/\{feeling\}/g, () => pick(feelings))
      .replace(/\{acting\}/g, () => pick(actionsIng))
      .replace(/\{people\}/g, () => pick(people))
      .replace(endSlot, endWord);

  /** Writes one line ending in a word of `family`, sized to the bar; null when the family has no fit. */
  const writeLine = (templates: string[], family: RhymeFamily): string | null => {
    let best: { line: string; score: number; end: string; template: string } | null = null;
    for (let attempt = 0; attempt < 24; attempt++) {
      const template = pick(templates);
      const category = endSlot.exec(template)?.[1] as EndCategory;
      const choices = family.words.filter((w) => w.category === category && !usedEnds.has(w.word));
      if (choices.length === 0) continue;
      const end = pick(choices).word;
      const line = fill(template, end);
      const syllables = countSyllables(line);
      const inRange = syllables >= length.min && syllables <= length.max;
      // Lines that name the subject keep the song about what the user asked for.
      const onTopic = topics.length > 0 && template.includes('{topic}') ? -2 : 0;
      const score =
        (inRange ? 0 : 10) +
        Math.abs(syllables - length.ideal) +
        (usedTemplates.has(template) ? 3 : 0) +
        onTopic;
      if (!best || score < best.score) best = { line, score, end, template };
    }
    if (!best) return null;
    usedEnds.add(best.end);
    usedTemplates.add(best.template);
    return best.line.charAt(0).toUpperCase() + best.line.slice(1);
  };

  /** Writes `count` lines rhyming by the scheme (pairs for AABB, alternating for ABAB). */
  const writeStanza = (templates: string[], count: number): string[] => {
    const lines: string[] = [];
    while (lines.length < count) {
      const group = families.filter((f) => !usedFamilies.has(f.key));
      const a = pick(group.length >= 2 ? group : families);
      usedFamilies.add(a.key);
      const bGroup = families.filter((f) => !usedFamilies.has(f.key));
      const b = pick(bGroup.length > 0 ? bGroup : families);
      usedFamilies.add(b.key);
      const order = scheme === 'AABB' ? [a, a, b, b] : [a, b, a, b];
      const block = order.map((family) => writeLine(templates, family));
      if (block.every((line): line is string => line !== null)) lines.push(...block);
    }
    return lines.slice(0, count);
  };

  const verse = writeStanza(verseTemplates, 8);
  const hook = writeStanza(hookTemplates, 4);
  const stanzas = [verse, hook];
  if (random() < 0.5) stanzas.push(writeStanza(verseTemplates, 4));
  const lines = stanzas.flat();
  return { text: stanzas.map((stanza) => stanza.join('\n')).join('\n\n'), lines, scheme };
}
