import { describe, expect, it } from 'vitest';
import { FliteVoiceBackend } from '../../src/voice/flite-voice.ts';
import {
  findRecognizer,
  heardAfter,
  RecognizerUnavailable,
  recognizerStatus,
  toRecognizerWav,
  transcribe,
} from './speech-recognizer.ts';
import { wordErrorRate } from './word-error-rate.ts';

const status = await recognizerStatus();
if (!status.available) console.warn(`Speech recogniser tests skipped: ${status.reason}`);

describe('speech recogniser', () => {
  it('writes 16 kHz mono 16-bit audio that never clips', () => {
    const loud = new Float32Array(44100).map((_, i) => 1.5 * Math.sin(i / 10));
    const wav = toRecognizerWav({ sampleRate: 44100, channels: [loud, loud] });
    const view = new DataView(wav.buffer, wav.byteOffset);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(Math.abs(view.getUint32(40, true) / 2 - 16000)).toBeLessThan(2);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(view.getInt16(i, true)));
    expect(peak).toBeLessThan(32767);
    expect(peak).toBeGreaterThan(30000);
  });

  it('says what to install when the program is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const missing = findRecognizer({ install: false });
      await expect(missing).rejects.toBeInstanceOf(RecognizerUnavailable);
      await expect(missing).rejects.toThrow(/apt-get install pocketsphinx pocketsphinx-en-us/);
    } finally {
      process.env.PATH = path;
    }
  });

  it.skipIf(!status.available)('understands a plain flite reading', async () => {
    const text = 'every single night i write until the sun comes up again';
    const speech = await new FliteVoiceBackend().synthesize({ text, voice: 'rms' });
    const heard = await transcribe({ sampleRate: speech.sampleRate, channels: [speech.samples] });
    expect(wordErrorRate(text, heard)).toBeLessThan(0.35);
    // Silence is heard as nothing.
    const silence = await transcribe({ sampleRate: 16000, channels: [new Float32Array(16000)] });
    expect(silence).toBe('');
  });
  it('keeps only the utterances that start after the warm-up, whatever times their words report', () => {
    // The decoder's output for a warm-up (0-20 s), a second of silence and the real audio from
    // 21 s: its first utterance's times drifted past the offset.
    const output = [
      'woke up at nine slow',
      '<s> 15.400 15.420 0.999',
      'woke 15.420 15.800 0.9',
      '<sil> 18.500 18.630 0.98',
      'up 20.900 21.100 0.9',
      'slow 21.500 21.900 0.9',
      '</s> 31.740 32.190 1.0',
      'woke up at',
      '<s> 26.010 26.110 0.999',
      'woke 26.110 26.400 0.9',
      '[NOISE] 26.400 26.500 0.5',
      'up(2) 26.500 26.800 0.9',
      '</s> 26.800 27.000 1.0',
    ].join('\n');
    expect(heardAfter(output, 21)).toBe('woke up');
  });
});
