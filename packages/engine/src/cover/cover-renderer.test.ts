import { beforeAll, describe, expect, it } from 'vitest';
import { EspeakVoiceBackend } from '../voice/espeak-voice.ts';
import { encodeWav } from '../io/wav-codec.ts';
import { decodeAudio } from '../io/audio-decoder.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { AudioInputError, RenderInputError } from '../errors.ts';
import { prepareVoiceSample } from '../voice-clone/voice-sample.ts';
import { buildVoiceModel } from '../voice-clone/voice-model.ts';
import {
  COVER_PHASES,
  renderCover,
  renderCoverWith,
  type CoverPhase,
  type CoverRender,
} from './cover-renderer.ts';
import { knownStems, makeTestSong } from './cover-test-songs.ts';

// The "person": eSpeak's en-us+f3 (speaks around 200 Hz).
const ENROL =
  'every morning i walk down to the corner shop to buy bread and a newspaper the owner is an old friend who always asks about my family and the weather last winter the river froze so hard that children skated all the way to the bridge';
const RATE = 44100;
const test = makeTestSong({ seconds: 7, lowHz: 180, highHz: 300 });
const song = encodeWav(test.song);
const separator = knownStems(test.lead, test.accompaniment, RATE);
let voiceModel: Uint8Array;
let auto: CoverRender;
const phases: [CoverPhase, number][] = [];

const request = (extra: object = {}) => ({ song, voiceModel, title: 'Test', singerName: 'Me', ...extra });

/** Median pitch error (cents) of a rendered vocal against the wanted melody, on frames where both sound. */
function melodyError(render: CoverRender): number {
  const d = render.diagnostics!;
  const track = trackPitch(d.vocal, { sampleRate: d.sampleRate, minFrequency: 60, maxFrequency: 1000 });
  const errors: number[] = [];
  for (let f = 0; f < d.targetF0.length; f++) {
    const j = Math.round((f * 0.01 - 512 / 16000) / track.hop);
    const have = track.frequencies[j] ?? 0;
    if (d.targetF0[f]! > 0 && have > 0) errors.push(Math.abs(1200 * Math.log2(have / d.targetF0[f]!)));
  }
  errors.sort((a, b) => a - b);
  expect(errors.length).toBeGreaterThan(200);
  return errors[errors.length >> 1]!;
}

beforeAll(async () => {
  const reading = await new EspeakVoiceBackend().synthesize({ text: ENROL, voice: 'en-us+f3' });
  const prepared = await prepareVoiceSample(
    encodeWav({ sampleRate: reading.sampleRate, channels: [reading.samples] }),
  );
  ({ model: voiceModel } = await buildVoiceModel(prepared.wav, { sourceVoices: ['rms'] }));
  auto = await renderCoverWith(
    request(),
    { diagnostics: true, onProgress: (phase, fraction) => phases.push([phase, fraction]) },
    separator,
  );
}, 120_000);

describe('renderCoverWith (known stems)', () => {
  it('reports every phase in order, each from 0 to 1', () => {
    const started = phases.filter(([, f]) => f === 0).map(([p]) => p);
    expect(started).toEqual([...COVER_PHASES]);
    expect(phases[phases.length - 1]).toEqual(['encoding', 1]);
  });

  it('masters the cover to −14 LUFS with stems of the same length, at most −1 dBTP', async () => {
    const cover = await decodeAudio(auto.mp3);
    const vocal = await decodeAudio(auto.vocalStem);
    const accompaniment = await decodeAudio(auto.accompanimentStem);
    expect(cover.channels).toHaveLength(2);
    expect(Math.abs(measureLoudness(cover.channels, cover.sampleRate).integratedLufs + 14)).toBeLessThan(1);
    expect(auto.duration).toBeCloseTo(7, 2);
    for (const stem of [vocal, accompaniment]) {
      expect(Math.abs(stem.durationSeconds - cover.durationSeconds)).toBeLessThan(0.06);
      expect(measureLoudness(stem.channels, stem.sampleRate).truePeakDbtp).toBeLessThanOrEqual(-1);
    }
    expect(auto.waveform.length).toBeGreaterThan(100);
    expect(Math.max(...auto.waveform)).toBe(1);
  });

  it("sings the lead's melody, moved by whole octaves into the singer's range", () => {
    expect(auto.appliedShift % 12).toBe(0);
    expect(melodyError(auto)).toBeLessThan(50);
    // The new vocal sounds where the lead sings and is silent in its pauses (2.4–3 s of every 3 s).
    const d = auto.diagnostics!;
    const level = (a: number, b: number) => {
      let sum = 0;
      for (let i = Math.round(a * RATE); i < Math.round(b * RATE); i++) sum += d.vocal[i]! ** 2;
      return Math.sqrt(sum / ((b - a) * RATE));
    };
    expect(level(3.2, 5.2)).toBeGreaterThan(0.01);
    expect(level(5.55, 5.85)).toBeLessThan(0.05 * level(3.2, 5.2));
  });

  it('applies a chosen shift to the vocal (and a non-octave one to the accompaniment)', async () => {
    const shifted = await renderCoverWith(
      request({ shift: auto.appliedShift + 5 }),
      { diagnostics: true },
      separator,
    );
    expect(shifted.appliedShift).toBe(auto.appliedShift + 5);
    const a = auto.diagnostics!;
    const b = shifted.diagnostics!;
    for (let f = 0; f < a.targetF0.length; f += 37)
      if (a.targetF0[f]! > 0) expect(1200 * Math.log2(b.targetF0[f]! / a.targetF0[f]!)).toBeCloseTo(500, 3);
    expect(melodyError(shifted)).toBeLessThan(60);
  }, 60_000);
});

describe('renderCoverWith refuses bad input with a readable message', () => {
  const run = (extra: object) => renderCoverWith(request(extra), {}, separator);
  it.each([
    [{ song: new Uint8Array(0) }, RenderInputError, /empty/],
    [{ song: new TextEncoder().encode('<html>not a song at all</html>') }, AudioInputError, /not audio/],
    [{ voiceModel: new Uint8Array(64).fill(7) }, RenderInputError, /AI singer could not be read/],
    [{ shift: 13 }, RenderInputError, /key shift/],
    [{ shift: Number.NaN }, RenderInputError, /key shift/],
    [{ vocalLevel: 40 }, RenderInputError, /vocal level/],
  ])('%#', async (extra, type, message) => {
    const attempt = run(extra);
    await expect(attempt).rejects.toBeInstanceOf(type);
    await expect(attempt).rejects.toThrow(message);
  });

  it('refuses a song too short, or one without a sung lead', async () => {
    const short = makeTestSong({ seconds: 2 });
    await expect(run({ song: encodeWav(short.song) })).rejects.toThrow(/too short/);
    const silentLead = knownStems(new Float32Array(test.lead.length), test.accompaniment, RATE);
    await expect(renderCoverWith(request(), {}, silentLead)).rejects.toThrow(/could not hear a sung lead/);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(renderCoverWith(request(), { signal: controller.signal }, separator)).rejects.toThrow(
      'stop',
    );
  });
});

describe("renderCover (the engine's separator)", () => {
  it("covers a mixed song end to end: −14 LUFS, both stems, the melody in the singer's voice", async () => {
    const render = await renderCover(request(), { diagnostics: true });
    const cover = await decodeAudio(render.mp3);
    expect(Math.abs(measureLoudness(cover.channels, cover.sampleRate).integratedLufs + 14)).toBeLessThan(1);
    const vocal = await decodeAudio(render.vocalStem);
    const accompaniment = await decodeAudio(render.accompanimentStem);
    expect(Math.abs(vocal.durationSeconds - cover.durationSeconds)).toBeLessThan(0.06);
    expect(Math.abs(accompaniment.durationSeconds - cover.durationSeconds)).toBeLessThan(0.06);
    expect(render.appliedShift % 12).toBe(0);
    // Against the melody it was asked to sing (the separator's, cleaned): the conversion holds it.
    expect(melodyError(render)).toBeLessThan(60);
  }, 60_000);
});
