import { FLOW_STYLES, type FlowStyle } from '@bops/engine/catalog';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { countSyllables, isPronounceable } from './rhyme.ts';
import {
  CREWS,
  DEFAULT_THEME_ID,
  PLACES,
  THEMES,
  TOPICS,
  type Couplet,
  type Theme,
  type VerseRole,
} from './verse-material.ts';
import { stopWords } from './word-banks.ts';

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
 * The share of a bar's slots the writer plans a line for. The engine's flow can fill up to `maxFill`
 * of a bar (all of it for laid-back and choppy flows); a written line leaves the style its room: laid
 * back fewer syllables, double time a little over half its 32nds.
 */
const WRITING_FILL: Record<FlowStyle['id'], number> = {
  straight: 0.85,
  'laid-back': 0.7,
  'double-time': 0.6,
  triplet: 0.9,
  choppy: 0.8,
  melodic: 0.6,
};

/**
 * Syllables a line should have to fit one bar in a style: the writer's share of the bar's slots
 * (4 beats × `slotsPerBeat`, see WRITING_FILL), and a line sits best at about four fifths of that.
 * Straight 16ths give 8–13 (ideal 11); double time about twice as many; laid back and melodic fewer.
 */
export function lineLengthFor(style: FlowStyle['id'] = 'straight'): LineLength {
  const flow = FLOW_STYLES[style];
  const capacity = 4 * flow.slotsPerBeat * WRITING_FILL[style];
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
  if (clean) return clean;
  const topic = topics[0];
  return topic ? topic.charAt(0).toUpperCase() + topic.slice(1) : 'This Sound';
}

/** The theme a song's words call for most (the title counts twice); the default when none does. */
export function themeOf(title: string, prompt: string, random: () => number): Theme {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
  const counts = new Map<string, number>();
  for (const [text, weight] of [
    [title, 2],
    [prompt, 1],
  ] as const) {
    for (const word of words(text)) {
      for (const theme of THEMES) {
        if (theme.keywords.includes(word)) counts.set(theme.id, (counts.get(theme.id) ?? 0) + weight);
      }
    }
  }
  const best = Math.max(0, ...counts.values());
  const leaders = THEMES.filter((theme) => best > 0 && counts.get(theme.id) === best);
  if (leaders.length > 0) return leaders[Math.floor(random() * leaders.length)]!;
  return THEMES.find((theme) => theme.id === DEFAULT_THEME_ID)!;
}

/** What fills a line's slots: the prompt's own place, people and subject where it names them. */
export interface SlotFill {
  where: string;
  crew: string;
  topic: string;
  /** The slots the prompt filled (lines using them keep the song about what the person asked for). */
  fromPrompt: Set<'where' | 'crew' | 'topic'>;
}

export function slotsFor(theme: Theme, title: string, prompt: string): SlotFill {
  const words = `${prompt} ${title}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word && !profanity.hasMatch(word));
  const fromPrompt = new Set<'where' | 'crew' | 'topic'>();
  const first = (table: Readonly<Record<string, string>>, skip: ReadonlySet<string>) =>
    words.find((word) => Object.hasOwn(table, word) && !skip.has(word));
  const where = first(PLACES, new Set());
  const crew = first(CREWS, new Set());
  const topic = first(TOPICS, new Set([where ?? '', crew ?? '']));
  if (where) fromPrompt.add('where');
  if (crew) fromPrompt.add('crew');
  if (topic) fromPrompt.add('topic');
  return {
    where: where ? PLACES[where]! : theme.defaults.where,
    crew: crew ? CREWS[crew]! : theme.defaults.crew,
    topic: topic ? TOPICS[topic]! : theme.defaults.topic,
    fromPrompt,
  };
}

/**
 * Words a rapper puts before a line to fill a fast bar; they read right before any line, and cost a little so
 * a line takes one only when its own words are too few.
 */
const PICKUPS = [
  { words: '', cost: 0 },
  { words: 'yeah, ', cost: 1.5 },
  { words: 'yeah, now ', cost: 2.5 },
];

/** Every way of keeping or dropping a line's optional parts, filled. */
export function lineVariants(line: string, fill: (text: string) => string): string[] {
  const parts = line.split(/(\[[^\]]*\])/);
  const optional = parts.filter((part) => part.startsWith('['));
  const variants: string[] = [];
  for (let mask = 0; mask < 1 << optional.length; mask++) {
    let index = 0;
    const text = parts
      .map((part) => {
        if (!part.startsWith('[')) return part;
        return mask & (1 << index++) ? part.slice(1, -1) : '';
      })
      .join('');
    variants.push(fill(text).replace(/\s+/g, ' ').trim());
  }
  return variants;
}

/** The variant of a line nearest the ideal length, inside the bar when any is; and how far it is off. */
export function fitLine(
  line: string,
  length: LineLength,
  fill: (text: string) => string,
  options: { pickups?: boolean } = {},
) {
  let best = { text: '', miss: Infinity };
  for (const variant of lineVariants(line, fill)) {
    // "Now" before a line that already opens on a joining word ("then", "so", "now") reads double.
    const opensJoined = /^(now|then|so|but|and|when|yeah)\b/i.test(variant);
    for (const pickup of options.pickups === false ? PICKUPS.slice(0, 1) : PICKUPS) {
      if (opensJoined && pickup.words.includes('now')) continue;
      // After a pickup the line goes on in lower case, but "I" keeps its capital.
      const rest =
        pickup.words && !/^I\b/.test(variant) ? variant.charAt(0).toLowerCase() + variant.slice(1) : variant;
      const text = pickup.words + rest;
      const syllables = countSyllables(text);
      const outside = syllables < length.min ? length.min - syllables : Math.max(0, syllables - length.max);
      const miss = outside * 10 + Math.abs(syllables - length.ideal) + pickup.cost;
      if (miss < best.miss) best = { text, miss };
    }
  }
  return { text: best.text.charAt(0).toUpperCase() + best.text.slice(1), miss: best.miss };
}

/**
 * Writes a song from the theme its title and prompt call for: a verse that tells a small story (where we
 * are, how it feels, the turn, where it lands), a hook built on the title, and sometimes a short second
 * verse. Every line is written whole, so it is grammatical; couplets rhyme; optional parts are kept or
 * dropped so each line fits the flow's bar.
 */
export function generateLyrics(request: LyricsRequest): GeneratedLyrics {
  const random = randomSource(request.seed ?? Math.floor(Math.random() * 2 ** 32));
  const topics = topicsOf(request.title, request.prompt);
  const hookTitle = hookTitleOf(request.title, topics);
  const theme = themeOf(request.title, request.prompt, random);
  const slots = slotsFor(theme, request.title, request.prompt);
  const scheme: RhymeScheme = request.scheme ?? 'AABB';
  const length = lineLengthFor(request.style);
  const fill = (text: string) =>
    text
      .replace(/\{where\}/g, slots.where)
      .replace(/\{crew\}/g, slots.crew)
      .replace(/\{topic\}/g, slots.topic)
      .replace(/\{title\}/g, hookTitle);
  const used = new Set<Couplet>();

  /** A couplet for a role: one that says what the prompt named when there is one, fitting the bar best. */
  const couplet = (role: VerseRole): [string, string] => {
    const candidates = theme.couplets[role].filter((c) => !used.has(c));
    const pool = candidates.length > 0 ? candidates : theme.couplets[role];
    const scored = pool.map((c) => {
      const mentions = [...slots.fromPrompt].filter((slot) => c.join(' ').includes(`{${slot}}`)).length;
      const miss = fitLine(c[0], length, fill).miss + fitLine(c[1], length, fill).miss;
      return { c, score: miss - mentions * 6 };
    });
    // Any couplet nearly as good as the best may be chosen: the same words give another song each time.
    const best = Math.min(...scored.map((x) => x.score));
    const near = scored.filter((x) => x.score <= best + 6);
    const chosen = near[Math.floor(random() * near.length)]!.c;
    used.add(chosen);
    return [fitLine(chosen[0], length, fill).text, fitLine(chosen[1], length, fill).text];
  };

  /** Two couplets as four lines, in the scheme: AABB as written, ABAB interleaved. */
  const quatrain = (a: [string, string], b: [string, string]): string[] =>
    scheme === 'AABB' ? [...a, ...b] : [a[0], b[0], a[1], b[1]];

  const verse = [
    ...quatrain(couplet('setting'), couplet('feeling')),
    ...quatrain(couplet('turn'), couplet('resolve')),
  ];
  const hookLines = theme.hooks[Math.floor(random() * theme.hooks.length)]!;
  // A hook is sung as written: no pickups, it repeats.
  const hookFitted = hookLines.map((line) => fitLine(line, length, fill, { pickups: false }).text);
  const hook = quatrain([hookFitted[0]!, hookFitted[1]!], [hookFitted[2]!, hookFitted[3]!]);
  const stanzas = [verse, hook];
  if (random() < 0.5) stanzas.push(quatrain(couplet('turn'), couplet('resolve')));
  const lines = stanzas.flat();
  return { text: stanzas.map((stanza) => stanza.join('\n')).join('\n\n'), lines, scheme };
}
