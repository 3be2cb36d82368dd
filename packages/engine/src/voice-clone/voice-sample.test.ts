import { describe, expect, it } from 'vitest';
import { encodeWav } from '../io/wav-codec.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import { decodeWav } from '../io/wav-codec.ts';
import { checkVoiceSample, prepareVoiceSample } from './voice-sample.ts';
import { synthSine, synthVoice } from './voice-test-signals.ts';

const wav = (samples: Float32Array, sampleRate = 16000) => encodeWav({ sampleRate, channels: [samples] });

describe('checkVoiceSample', () => {
  it('accepts 25 s of voice and reports its pitch range', async () => {
    const report = await checkVoiceSample(wav(synthVoice({ seconds: 25 })));
    expect(report.problem).toBeNull();
    expect(report.format).toBe('wav');
    expect(report.analysis!.voicedSeconds).toBeGreaterThan(10);
    expect(report.analysis!.pitch.minHz).toBeLessThan(140);
    expect(report.analysis!.pitch.maxHz).toBeGreaterThan(180);
  });

  it('draws the line at exactly 20 seconds', async () => {
    expect((await checkVoiceSample(wav(synthVoice({ seconds: 19.9 })))).problem?.message).toBe(
      'Please record a voice sample that is at least 20 seconds long.',
    );
    expect((await checkVoiceSample(wav(synthVoice({ seconds: 20.0 })))).problem).toBeNull();
  });

  it.each([
    ['silence', () => wav(new Float32Array(16000 * 25)), 'silent'],
    ['a single sine tone', () => wav(synthSine({ seconds: 25, hz: 440 })), 'single-tone'],
    [
      'a recording clipped throughout',
      () => wav(synthVoice({ seconds: 25 }).map((x) => Math.max(-1, Math.min(1, x * 60)))),
      'clipped',
    ],
    [
      'a PNG renamed .wav',
      () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]),
      'unsupported',
    ],
    ['more than five minutes', () => wav(new Float32Array(8000 * 301), 8000), 'too-long'],
  ])('refuses %s', async (_what, make, code) => {
    const report = await checkVoiceSample(make());
    expect(report.problem?.code).toBe(code);
    expect(report.problem?.message.length).toBeGreaterThan(20);
  });

  it('refuses a truncated file without crashing', async () => {
    const whole = wav(synthVoice({ seconds: 25 }));
    const report = await checkVoiceSample(whole.subarray(0, Math.floor(whole.length * 0.5)));
    expect(['damaged', 'too-short']).toContain(report.problem?.code);
  });
});

describe('prepareVoiceSample', () => {
  it('shortens long pauses, and normalises to -20 LUFS at 22.05 kHz', async () => {
    const voice = synthVoice({ seconds: 30, pauseEvery: 2 });
    const withGaps = new Float32Array(voice.length + 16000 * 4);
    withGaps.set(voice.subarray(0, voice.length / 2), 0);
    withGaps.set(voice.subarray(voice.length / 2), voice.length / 2 + 16000 * 4);
    const prepared = await prepareVoiceSample(wav(withGaps));
    expect(prepared.sampleRate).toBe(22050);
    expect(prepared.durationSeconds).toBeLessThan(30);
    const pcm = decodeWav(prepared.wav);
    expect(measureLoudness(pcm.channels, pcm.sampleRate).integratedLufs).toBeCloseTo(-20, 0);
    expect(prepared.analysis.voicedSeconds).toBeGreaterThan(10);
  });
});
