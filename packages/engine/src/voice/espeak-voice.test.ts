import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh eSpeak (new module instance, its noise unseeded) saying one line, started at `time`. */
async function sayAt(time: Date): Promise<Float32Array> {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  const { EspeakVoiceBackend } = await import('./espeak-voice.ts');
  const speech = await new EspeakVoiceBackend().synthesize({
    text: 'the farmer hurried his cows into the barn',
    voice: 'en-us+f3',
  });
  vi.useRealTimers();
  return speech.samples;
}

describe('eSpeak', () => {
  afterEach(() => vi.useRealTimers());

  it('says a line the same way whenever its process started: its breath noise is not seeded by the clock', async () => {
    const early = await sayAt(new Date('2026-01-01T00:00:00Z'));
    const late = await sayAt(new Date('2026-06-01T12:34:56Z'));
    expect(early.length).toBeGreaterThan(10000);
    expect(late).toEqual(early);
  });
});
