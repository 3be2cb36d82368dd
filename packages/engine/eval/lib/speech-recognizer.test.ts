import { describe, expect, it } from 'vitest';
import { FliteVoiceBackend } from '../../src/voice/flite-voice.ts';
import {
  findRecognizer,
  RecognizerUnavailable,
  recognizerStatus,
  toRecognizerWav,
  transcribe,
  utterances,
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
  it('splits the decoder output into utterances, whatever their times say', () => {
    const output = [
      '',
      '<s> 0.000 0.110 1.000000',
      '</s> 0.120 1.010 1.000000',
      'woke up at nine slow',
      '<s> 15.880 16.010 0.999',
      'woke 16.010 16.300 0.9',
      '<sil> 16.110 16.240 0.98',
      'slow 40.500 40.900 0.9',
      '</s> 40.900 41.000 1.0',
      'woke up',
      '<s> 22.000 22.100 0.999',
      'woke 22.100 22.400 0.9',
      '[NOISE] 22.400 22.500 0.5',
      'up(2) 22.500 22.800 0.9',
      '</s> 22.800 23.000 1.0',
    ].join('\n');
    expect(utterances(output)).toEqual([[], ['woke', 'slow'], ['woke', 'up']]);
  });
});
