import { afterEach, describe, expect, it, vi } from 'vitest';
import { pitchSummary, trackPitch } from '../analysis/pitch-tracker.ts';

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

  it('says a line the same way whatever it said before: sound and phoneme times', async () => {
    vi.resetModules();
    const { EspeakVoiceBackend } = await import('./espeak-voice.ts');
    const espeak = new EspeakVoiceBackend();
    const line = { text: 'hit the four oh five to the beach with everything I got', voice: 'en-us+f3' };
    const first = await espeak.synthesize(line);
    await espeak.synthesize({
      text: 'woke up at nine forty five with the city in my veins',
      voice: 'en-us+f3',
    });
    await espeak.synthesize({ text: 'slow down, breathe', voice: 'en-us+m7', pitchHz: 100 });
    const again = await espeak.synthesize(line);
    expect(again.words).toEqual(first.words);
    expect(again.samples).toEqual(first.samples);
  });

  it('says a line at its own pitch after a line asked for another', async () => {
    vi.resetModules();
    const { EspeakVoiceBackend } = await import('./espeak-voice.ts');
    const espeak = new EspeakVoiceBackend();
    const medianHz = async (pitchHz?: number) => {
      const speech = await espeak.synthesize({
        text: 'the farmer hurried his cows into the barn',
        voice: 'en-us+f3',
        ...(pitchHz ? { pitchHz, pitchRangeHz: 0 } : {}),
      });
      return pitchSummary(trackPitch(speech.samples, { sampleRate: speech.sampleRate })).medianHz;
    };
    const own = await medianHz();
    const low = await medianHz(100);
    expect(low).toBeLessThan(0.9 * own);
    expect((await medianHz()) / own).toBeCloseTo(1, 1);
  });
});
