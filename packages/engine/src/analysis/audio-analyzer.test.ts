import { describe, expect, it } from 'vitest';
import { analyzeAudio, clippingRatio, silenceRatio } from './audio-analyzer.ts';
import { trackPitch, pitchSummary } from './pitch-tracker.ts';
import { detectOnsets } from './onset-detector.ts';
import { renderBeat, mixBeat, defaultArrangement } from '../beats/beat-engine.ts';
import { encodeWav } from '../io/wav-codec.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';

const sine = (frequency: number, sampleRate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate),
  );

describe('pitch tracker (YIN)', () => {
  it.each([82.4, 220, 440, 880])('finds %s Hz within 1 %%', (hz) => {
    const summary = pitchSummary(trackPitch(sine(hz, 44100, 1), { sampleRate: 44100 }));
    expect(Math.abs(summary.medianHz - hz) / hz).toBeLessThan(0.01);
    expect(summary.voicedSeconds).toBeGreaterThan(0.85);
  });
  it('reports noise and silence as unvoiced', () => {
    const noise = Float32Array.from({ length: 16000 }, () => Math.random() - 0.5);
    expect(pitchSummary(trackPitch(noise, { sampleRate: 16000 })).voicedSeconds).toBeLessThan(0.2);
    expect(pitchSummary(trackPitch(new Float32Array(16000), { sampleRate: 16000 })).voicedSeconds).toBe(0);
  });
  it('tracks a TTS voice in a plausible speaking range', async () => {
    const speech = await new FliteVoiceBackend().synthesize({
      text: 'this is a test of the pitch tracker',
      voice: 'slt',
    });
    const summary = pitchSummary(trackPitch(speech.samples, { sampleRate: speech.sampleRate }));
    expect(summary.medianHz).toBeGreaterThan(140);
    expect(summary.medianHz).toBeLessThan(260);
    expect(summary.voicedSeconds).toBeGreaterThan(0.5);
  });
});

describe('onsets', () => {
  it('finds clicks at their times', () => {
    const x = new Float32Array(44100 * 2);
    const times = [0.25, 0.7, 1.1, 1.6];
    for (const t of times)
      for (let i = 0; i < 400; i++) x[Math.round(t * 44100) + i] = Math.sin(i * 0.4) * Math.exp(-i / 100);
    const found = detectOnsets(x, { sampleRate: 44100 });
    expect(found).toHaveLength(4);
    found.forEach((t, i) => expect(Math.abs(t - times[i]!)).toBeLessThan(0.015));
  });
});

describe('analyzeAudio', () => {
  it('measures a rendered beat: duration, loudness, BPM and key', async () => {
    const beat = renderBeat({
      mood: 'boom-bap',
      bpm: 96,
      key: { tonic: 'A', mode: 'minor' },
      arrangement: [{ kind: 'verse', bars: 8 }],
      seed: 1,
      sampleRate: 44100,
    });
    const result = await analyzeAudio(encodeWav({ sampleRate: 44100, channels: mixBeat(beat) }));
    expect(result.durationSeconds).toBeCloseTo(beat.duration, 2);
    expect(result.bpm).not.toBeNull();
    // Tempo octave errors are acceptable for a detector; the tempo itself is not negotiable.
    expect([48, 96, 192].some((b) => Math.abs(result.bpm! - b) < 2)).toBe(true);
    expect(result.key).toMatch(/^(A minor|C major)$/);
    expect(result.integratedLufs).toBeLessThan(0);
    expect(result.truePeakDbtp).toBeLessThan(6);
    expect(result.clippingRatio).toBeLessThan(0.01);
  });
  it('flags silence and clipping in a bad voice sample', async () => {
    const x = sine(200, 16000, 4, 1.4).map((v) => Math.max(-1, Math.min(1, v)));
    x.fill(0, 0, 32000);
    const result = await analyzeAudio({ sampleRate: 16000, channels: [x] }, { tempoAndKey: false });
    expect(result.silenceRatio).toBeCloseTo(0.5, 1);
    expect(result.clippingRatio).toBeGreaterThan(0.05);
    expect(result.bpm).toBeNull();
    expect(result.pitch.medianHz).toBeCloseTo(200, -1);
    expect(silenceRatio(new Float32Array(8000), 16000)).toBe(1);
    expect(clippingRatio([sine(100, 8000, 1, 0.5)])).toBe(0);
  });
  it('keeps defaultArrangement musically shaped', () => {
    expect(defaultArrangement(24).map((s) => s.kind)).toEqual(['intro', 'verse', 'hook', 'verse', 'outro']);
  });
});

describe('window arithmetic at absurd sample rates', () => {
  it('terminates and answers for rates whose windows round to zero samples', async () => {
    const { measureLoudness } = await import('./loudness-meter.ts');
    const samples = new Float32Array(480).fill(0.1);
    expect(silenceRatio(samples, 8)).toBe(0);
    expect(Number.isFinite(measureLoudness([samples], 1).truePeakDbtp)).toBe(true);
  });
});
