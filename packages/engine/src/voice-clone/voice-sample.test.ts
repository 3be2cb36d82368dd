import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeWav } from '../io/wav-codec.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import { decodeWav } from '../io/wav-codec.ts';
import { checkVoiceSample, prepareVoiceSample } from './voice-sample.ts';
import { synthSine, synthVoice } from './voice-test-signals.ts';
import { VOICE_READING_SCRIPT } from './voice-model.ts';

/** Debian festival's ked: a low, fast US male diphone voice (none of the engine's voices). */
function kedReading(): Uint8Array | null {
  const dir = mkdtempSync(join(tmpdir(), 'bops-ked-'));
  try {
    const text = join(dir, 'script.txt');
    execFileSync('sh', ['-c', `printf '%s' "$1" > "${text}"`, 'sh', VOICE_READING_SCRIPT]);
    execFileSync('text2wave', ['-eval', '(voice_ked_diphone)', text, '-o', join(dir, 'ked.wav')], {
      stdio: 'ignore',
    });
    return new Uint8Array(readFileSync(join(dir, 'ked.wav')));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const ked = kedReading();

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

  it.skipIf(!ked)(
    'accepts a 45 s guided reading by a low, fast male diphone voice (needs festival + festvox-kdlpc16k)',
    async () => {
      const pcm = decodeWav(ked!);
      const cut = pcm.channels[0]!.subarray(0, 45 * pcm.sampleRate);
      const report = await checkVoiceSample(wav(cut, pcm.sampleRate));
      expect(report.problem).toBeNull();
      // Praat hears about 22 s of voice in it.
      expect(report.heardVoiceSeconds).toBeGreaterThan(15);
    },
  );

  it('refuses too little voice, saying how much it heard in how long, and what to do', async () => {
    // 6 s of syllables (about 4 s voiced), then 19 s of a quiet room.
    const samples = new Float32Array(16000 * 25);
    samples.set(synthVoice({ seconds: 6 }));
    let seed = 1;
    for (let i = 16000 * 6; i < samples.length; i++) {
      seed = (seed * 16807) % 2147483647;
      samples[i] = 0.002 * (seed / 2147483647 - 0.5);
    }
    const report = await checkVoiceSample(wav(samples));
    expect(report.problem?.code).toBe('not-enough-voice');
    expect(report.problem?.message).toMatch(
      /^We heard only [3-6]\.\d seconds of voice in your 25-second recording, and need at least 10\. Please read the text aloud/,
    );
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
