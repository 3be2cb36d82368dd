import { LYRICS_MAX_CHARS } from '@bops/shared';
import { describe, expect, it } from 'vitest';
import { newTestService } from '../test/test-service.ts';
import { LyricsService } from './lyrics.service.ts';

const withModel = () =>
  newTestService(LyricsService, ({ languageModel, logger }) => ({ languageModel, logger }));

/** What the built-in writer gives: a full song that names its title. */
function expectBuiltIn(result: { lyrics: string; source: string }, title: string) {
  expect(result.source).toBe('built-in');
  expect(result.lyrics.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(12);
  expect(result.lyrics).toContain(title);
}

describe('LyricsService', () => {
  it("keeps the model's lines and drops its section labels", async () => {
    const { sut, fakes } = withModel();
    fakes.languageModel.answers(
      '[Verse]\nLine one of the verse right here\n\n\n\nHook:\nLine two rhymes with it, yeah we clear',
    );
    expect(await sut.write({ musicName: 'Test Song', context: 'about testing' })).toEqual({
      lyrics: 'Line one of the verse right here\n\nLine two rhymes with it, yeah we clear',
      source: 'llm',
    });
    expect(fakes.languageModel.asks[0]!.user).toBe('Title: Test Song\nAbout: about testing');
  });

  it('asks for the line length of the chosen flow, and cuts a long answer at the lyrics limit', async () => {
    const { sut, fakes } = withModel();
    fakes.languageModel.answers('We keep it moving fast tonight\n'.repeat(200));
    const result = await sut.write({ musicName: 'Quick', context: '', style: 'double-time' });
    expect(result.source).toBe('llm');
    expect(result.lyrics.length).toBe(LYRICS_MAX_CHARS);
    const ask = fakes.languageModel.asks[0]!;
    expect(ask.system).toContain('12 to 19 syllables');
    expect(ask.user).toBe('Title: Quick\nAbout: Quick\nFlow: double time');
  });

  it.each([
    ['times out', (model: ReturnType<typeof withModel>['fakes']['languageModel']) => model.timesOut()],
    [
      'fails',
      (model: ReturnType<typeof withModel>['fakes']['languageModel']) => model.fails(new Error('HTTP 500')),
    ],
    [
      'answers almost nothing',
      (model: ReturnType<typeof withModel>['fakes']['languageModel']) => model.answers('[Hook]\nyo'),
    ],
  ])('falls back to the built-in writer when the language model %s, and logs why', async (_what, setUp) => {
    const { sut, fakes } = withModel();
    setUp(fakes.languageModel);
    expectBuiltIn(
      await sut.write({ musicName: 'Fallback Song', context: 'ocean', seed: 7 }),
      'Fallback Song',
    );
    expect(fakes.logger.messages('warn')).toEqual([
      'the language model failed; using the built-in lyric writer',
    ]);
  });

  it('writes with the built-in writer alone when no model is configured', async () => {
    const { sut, fakes } = newTestService(LyricsService, ({ logger }) => ({ languageModel: null, logger }));
    const first = await sut.write({ musicName: 'Home Grown', context: 'garden', seed: 3 });
    expectBuiltIn(first, 'Home Grown');
    // The seed makes the built-in writer repeatable: "another take" of the same ask gives the same song.
    expect((await sut.write({ musicName: 'Home Grown', context: 'garden', seed: 3 })).lyrics).toBe(
      first.lyrics,
    );
    expect(fakes.logger.entries).toEqual([]);
  });
});
