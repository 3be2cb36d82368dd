import { LYRICS_MAX_CHARS } from '@bops/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FlowStyle } from '@bops/engine/catalog';
import { generateLyrics, lineLengthFor } from '../lyrics/lyrics-generator.ts';
import type { LanguageModel } from '../repositories/language-model.repository.ts';

export interface LyricsAsk {
  musicName: string;
  context: string;
  style?: FlowStyle['id'] | undefined;
  seed?: number;
}

/**
 * Writes lyrics: with the operator's language model when one is configured, otherwise (and on any
 * failure of it) with the built-in rhyme-aware writer, so the button always works.
 */
export class LyricsService {
  readonly #model: LanguageModel | null;
  readonly #logger: Pick<FastifyBaseLogger, 'warn'>;

  /** `languageModel` is null when the operator configured none. */
  constructor(deps: { languageModel: LanguageModel | null; logger: Pick<FastifyBaseLogger, 'warn'> }) {
    this.#model = deps.languageModel;
    this.#logger = deps.logger;
  }

  async write(ask: LyricsAsk): Promise<{ lyrics: string; source: 'llm' | 'built-in' }> {
    if (this.#model) {
      try {
        const lyrics = await this.#askModel(this.#model, ask);
        if (lyrics) return { lyrics, source: 'llm' };
      } catch (error) {
        this.#logger.warn({ err: error }, 'the language model failed; using the built-in lyric writer');
      }
    }
    return {
      lyrics: generateLyrics({
        title: ask.musicName,
        prompt: ask.context,
        ...(ask.style ? { style: ask.style } : {}),
        ...(ask.seed !== undefined ? { seed: ask.seed } : {}),
      }).text,
      source: 'built-in',
    };
  }

  async #askModel(model: LanguageModel, ask: LyricsAsk): Promise<string> {
    const length = lineLengthFor(ask.style);
    const content = await model.chat({
      temperature: 0.9,
      maxTokens: 700,
      system:
        `You write rap lyrics for a music app. Write 8 to 16 short lines (${length.min} to ${length.max} syllables each) ` +
        'with end rhymes, a verse and a 4-line hook that names the song title. No slurs, no hate, nothing sexual, ' +
        'no real people. Answer with the lyrics only: no title, no section labels, no commentary.',
      user:
        `Title: ${ask.musicName}\nAbout: ${ask.context || ask.musicName}` +
        (ask.style ? `\nFlow: ${ask.style.replace('-', ' ')}` : ''),
    });
    const lyrics = content
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => !/^\[.*\]$|^(verse|hook|chorus|intro|outro)\b.*:$/i.test(line))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (lyrics.length < 20) throw new Error('the language model gave too little text');
    return lyrics.slice(0, LYRICS_MAX_CHARS);
  }
}
