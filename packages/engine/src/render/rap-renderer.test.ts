import { describe, expect, it } from 'vitest';
import {
  adlibOpening,
  adlibStarts,
  adlibWords,
  FLITE_HIGHEST_MIDI,
  renderRap,
  RAP_PHASES,
  sungNote,
  type RapPhase,
  type RapRender,
} from './rap-renderer.ts';
import { ARTISTS } from '../artists/artist-catalog.ts';
import { MUSIC_SELECTIONS } from '../beats/music-catalog.ts';
import { NOTE_NAMES } from '../beats/music-theory.ts';
import { planMelody } from '../flow/melody-planner.ts';
import { decodeAudio } from '../io/audio-decoder.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import { detectSyllableOnsets } from '../analysis/syllable-onsets.ts';
import { matchOnsets } from '../analysis/onset-evaluation.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { rmsOf } from '../pcm-audio.ts';
import { Fft, hannWindow } from '../dsp/fft.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import type { TimedWord, VoiceBackend } from '../voice/voice-backend.ts';

const LYRICS = `I came up from the bottom with a pen and a dream
every single night I was writing my scheme
now the city is loud and the lights never sleep
and I keep every promise I was making to keep`;

/** A click is a sample-to-sample jump far beyond what the local signal does. */
function countClicks(v: Float32Array): number {
  let clicks = 0;
  const env = 64;
  for (let i = env; i < v.length - env; i += 1) {
    const jump = Math.abs(v[i]! - v[i - 1]!);
    if (jump < 0.2) continue;
    let local = 0;
    for (let k = i - env; k < i - 1; k++) local = Math.max(local, Math.abs(v[k + 1]! - v[k]!));
    if (jump > 4 * local) clicks++;
  }
  return clicks;
}

/**
 * Onsets detected on the lead vocal stem, matched one to one with the planned syllables at ±40 ms,
 * must score at least the given recall and precision with a median error ≤ 10 ms; and the same
 * audio against the plan 90 ms off either way must fail, or this proves nothing.
 */
function expectSyllablesOnPlan(r: RapRender, min: { recall: number; precision: number }) {
  const d = r.diagnostics!;
  const detected = detectSyllableOnsets(d.leadVocal, { sampleRate: d.sampleRate });
  // A syllable is heard from its consonant (a stop's burst, a fricative) to its vowel onset, and
  // TTS phone labels put that boundary only roughly, so each plan is the span between the two.
  const plan = (shift: number) =>
    d.syllables.map((s) => ({ early: s.onset + shift, late: s.vowelOnset + shift }));
  const score = (shift: number) => {
    const m = matchOnsets(detected, plan(shift), 0.04);
    const errors = [...m.errors].sort((a, b) => a - b);
    return { ...m, median: errors[errors.length >> 1] ?? Infinity };
  };
  const passes = (m: ReturnType<typeof score>) =>
    m.recall >= min.recall && m.precision >= min.precision && m.median <= 0.01;
  const onPlan = score(0);
  expect(onPlan.recall).toBeGreaterThanOrEqual(min.recall);
  expect(onPlan.precision).toBeGreaterThanOrEqual(min.precision);
  expect(onPlan.median).toBeLessThanOrEqual(0.01);
  for (const shift of [-0.09, 0.09]) {
    const off = score(shift);
    expect(passes(off)).toBe(false);
    expect(off.recall).toBeLessThan(0.7);
  }
}

let cached: Promise<{ render: RapRender; phases: [RapPhase, number][] }> | undefined;
function render() {
  cached ??= (async () => {
    const phases: [RapPhase, number][] = [];
    const result = await renderRap(
      {
        lyrics: LYRICS,
        artistId: 'mc-volt',
        musicSelectionId: 'dusty-crates',
        title: 'Pen and a Dream',
        stems: true,
      },
      { diagnostics: true, onProgress: (p, f) => phases.push([p, f]) },
    );
    return { render: result, phases };
  })();
  return cached;
}

describe('renderRap (4 bars, straight flow, boom bap)', () => {
  it('reports every phase in order, from 0 to 1', async () => {
    const { phases } = await render();
    const starts = phases.filter(([, f]) => f === 0).map(([p]) => p);
    expect(starts).toEqual([...RAP_PHASES]);
    expect(phases[phases.length - 1]).toEqual(['encoding', 1]);
  });
  it('produces an MP3 at -14 LUFS ±1 with true peak ≤ -1 dBTP and no clipped samples, measured after decoding', async () => {
    const { render: r } = await render();
    const decoded = await decodeAudio(r.mp3);
    expect(decoded.sampleRate).toBe(44100);
    expect(decoded.channels).toHaveLength(2);
    expect(Math.abs(decoded.durationSeconds - r.durationSeconds)).toBeLessThan(0.1);
    const loudness = measureLoudness(decoded.channels, decoded.sampleRate);
    expect(loudness.integratedLufs).toBeGreaterThan(-15);
    expect(loudness.integratedLufs).toBeLessThan(-13);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    const clipped = decoded.channels.reduce((a, ch) => a + ch.filter((v) => Math.abs(v) >= 0.999).length, 0);
    expect(clipped).toBe(0);
  });
  it('lands ≥ 90 % of stressed syllables on 8th-note positions, in the plan and heard there in the vocal stem', async () => {
    const { render: r } = await render();
    const d = r.diagnostics!;
    const eighth = d.secondsPerBeat / 2;
    const stressed = d.syllables.filter((s) => s.stress === 2);
    expect(stressed.length).toBeGreaterThan(12);
    const on = stressed.filter((s) => {
      const x = (s.gridTime - d.gridOrigin) / eighth;
      // Boom-bap swing moves off 16ths only; 8ths stay on the grid.
      return Math.abs(x - Math.round(x)) < 0.02;
    });
    expect(on.length / stressed.length).toBeGreaterThanOrEqual(0.9);
    // And in the audio: each such syllable is heard there, a detected onset within ±40 ms of its plan
    // (matched one to one among all syllables, so a detector firing everywhere cannot pass).
    const detected = detectSyllableOnsets(d.leadVocal, { sampleRate: d.sampleRate });
    const plans = d.syllables.map((s) => ({ early: s.onset, late: s.vowelOnset }));
    const matched = matchOnsets(detected, plans, 0.04).matchedPlans;
    const heard = on.filter((s) => matched.has(d.syllables.indexOf(s)));
    // Measured: 20 of 20 planned on 8ths, 19 of 20 heard there.
    expect(heard.length / stressed.length).toBeGreaterThanOrEqual(0.9);
  });
  it('places every syllable where planned: onsets on the vocal stem within ±40 ms, one to one', async () => {
    const { render: r } = await render();
    // Measured: recall 0.88, precision 0.88, median error 0 ms (p90 24 ms); a 30 ms shift already fails.
    expectSyllablesOnPlan(r, { recall: 0.85, precision: 0.8 });
  });
  it('has vocal energy above 8 kHz (bandwidth extension), not just a 16 kHz voice', async () => {
    const { render: r } = await render();
    const d = r.diagnostics!;
    const high = new Biquad({ type: 'highpass', frequency: 8500, sampleRate: d.sampleRate }).process(
      d.leadVocal.slice(),
    );
    new Biquad({ type: 'highpass', frequency: 8500, sampleRate: d.sampleRate }).process(high);
    const ratioDb = 20 * Math.log10(rmsOf(high) / rmsOf(d.leadVocal));
    expect(ratioDb).toBeGreaterThan(-35);
    expect(ratioDb).toBeLessThan(-8);
  });
  it('has no discontinuity clicks in the vocal stem', async () => {
    const { render: r } = await render();
    expect(countClicks(r.diagnostics!.leadVocal)).toBe(0);
  });
  it('returns ordered word timings, lines, LRC with word tags, waveform and stems', async () => {
    const { render: r } = await render();
    expect(r.words.map((w) => w.text).slice(0, 5)).toEqual(['I', 'came', 'up', 'from', 'the']);
    for (let i = 1; i < r.words.length; i++)
      expect(r.words[i]!.start).toBeGreaterThanOrEqual(r.words[i - 1]!.start);
    for (const w of r.words) expect(w.end).toBeGreaterThan(w.start);
    expect(r.lines).toHaveLength(4);
    expect(r.lrc).toMatch(/^\[ti:Pen and a Dream\]/);
    expect(r.lrc).toMatch(/\[\d\d:\d\d\.\d\d\] <\d\d:\d\d\.\d\d> I <\d\d:\d\d\.\d\d> came/);
    expect(r.waveform.length).toBeGreaterThan(700);
    expect(Math.max(...r.waveform)).toBe(1);
    expect((await decodeAudio(r.vocalStem!)).channels).toHaveLength(1);
    expect((await decodeAudio(r.beatStem!)).channels).toHaveLength(2);
  });
  it('keeps both stems at or below -1 dBTP with no clipped samples, measured after decoding', async () => {
    const { render: r } = await render();
    for (const stem of [r.vocalStem!, r.beatStem!]) {
      const decoded = await decodeAudio(stem);
      const channels =
        decoded.channels.length === 1 ? [decoded.channels[0]!, decoded.channels[0]!] : decoded.channels;
      expect(measureLoudness(channels, decoded.sampleRate).truePeakDbtp).toBeLessThanOrEqual(-1);
      expect(decoded.channels.reduce((a, ch) => a + ch.filter((v) => Math.abs(v) >= 0.999).length, 0)).toBe(
        0,
      );
    }
  });
});

let cachedVoiceOnly: Promise<{ render: RapRender; phases: [RapPhase, number][] }> | undefined;
/** The same lyrics and artist with no music: "na" still sets the tempo (the artist's default, dusty-crates). */
function renderVoiceOnly() {
  cachedVoiceOnly ??= (async () => {
    const phases: [RapPhase, number][] = [];
    const result = await renderRap(
      {
        lyrics: LYRICS,
        artistId: 'mc-volt',
        musicSelectionId: 'na',
        accompaniment: 'none',
        title: 'Pen and a Dream',
        stems: true,
      },
      { diagnostics: true, onProgress: (p, f) => phases.push([p, f]) },
    );
    return { render: result, phases };
  })();
  return cachedVoiceOnly;
}

/** Share of the energy below `hz` in the mid of a decoded MP3 (averaged 8192-point spectra, 5.4 Hz bins). */
async function lowBandShare(mp3: Uint8Array, hz = 100): Promise<number> {
  const { channels, sampleRate } = await decodeAudio(mp3);
  const size = 8192;
  const fft = new Fft(size);
  const window = hannWindow(size);
  const frame = new Float64Array(size);
  const edge = Math.floor((hz * size) / sampleRate);
  let low = 0;
  let total = 0;
  for (let start = 0; start + size <= channels[0]!.length; start += size / 2) {
    for (let i = 0; i < size; i++) frame[i] = 0.5 * (channels[0]![start + i]! + channels[1]![start + i]!);
    const mags = fft.magnitudes(frame, window);
    for (let k = 1; k < mags.length; k++) {
      const power = mags[k]! ** 2;
      total += power;
      if (k <= edge) low += power;
    }
  }
  return low / total;
}

describe('renderRap per-syllable placement, flite slt voice (lil-nova)', () => {
  it('places every syllable where planned: onsets on the vocal stem within ±40 ms, one to one', async () => {
    const r = await renderRap(
      { lyrics: LYRICS, artistId: 'lil-nova', musicSelectionId: 'dusty-crates', title: 'Pen and a Dream' },
      { diagnostics: true },
    );
    // Measured: recall 0.80, precision 0.82, median error 5 ms. The unmatched detections sit
    // 45-60 ms inside long vowels (a stretched vowel swells late). Most misses are
    // unstressed syllables opening on a vowel or a voiced glide or nasal ("a", "is", "was", "my"),
    // whose vowel-band level barely dips before them, so the detector hears no separate rise; the
    // unstretched slt speech of the same lines scores recall 0.73 (precision 0.97) for that reason.
    expectSyllablesOnPlan(r, { recall: 0.75, precision: 0.8 });
  });
});

describe('renderRap with no music (accompaniment "none")', () => {
  it('still reports every phase in order, and returns a vocal stem but no beat stem', async () => {
    const { render: r, phases } = await renderVoiceOnly();
    expect(phases.filter(([, f]) => f === 0).map(([p]) => p)).toEqual([...RAP_PHASES]);
    expect(phases[phases.length - 1]).toEqual(['encoding', 1]);
    // The beat phase is reported with no work in it.
    expect(r.diagnostics!.phaseSeconds['rendering-beat']).toBeLessThan(0.05);
    expect(r.beatStem).toBeUndefined();
    expect((await decodeAudio(r.vocalStem!)).channels).toHaveLength(1);
  });
  it('produces an MP3 at -14 LUFS ±1 with true peak ≤ -1 dBTP, no clipped samples and no clicks', async () => {
    const { render: r } = await renderVoiceOnly();
    const decoded = await decodeAudio(r.mp3);
    const loudness = measureLoudness(decoded.channels, decoded.sampleRate);
    expect(loudness.integratedLufs).toBeGreaterThan(-15);
    expect(loudness.integratedLufs).toBeLessThan(-13);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    const clipped = decoded.channels.reduce((a, ch) => a + ch.filter((v) => Math.abs(v) >= 0.999).length, 0);
    expect(clipped).toBe(0);
    // Nothing masks the voice here, so the finished master itself must be click-free.
    const [left, right] = r.diagnostics!.master;
    expect(countClicks(left) + countClicks(right)).toBe(0);
    expect(Math.max(...r.waveform)).toBe(1);
  });
  it('keeps the plan of the same lyrics with the beat: tempo, words, sections and duration', async () => {
    const [{ render: none }, { render: withBeat }] = await Promise.all([renderVoiceOnly(), render()]);
    expect(none.bpm).toBe(withBeat.bpm);
    expect(none.sections).toEqual(withBeat.sections);
    expect(none.words).toEqual(withBeat.words);
    expect(none.lrc).toBe(withBeat.lrc);
    expect(Math.abs(none.durationSeconds - withBeat.durationSeconds)).toBeLessThan(0.005);
    const [a, b] = await Promise.all([decodeAudio(none.mp3), decodeAudio(withBeat.mp3)]);
    expect(Math.abs(a.durationSeconds - b.durationSeconds)).toBeLessThan(0.005);
  });
  it('has no 808 or kick: the sub band all but empty next to the same song with the beat', async () => {
    const [{ render: none }, { render: withBeat }] = await Promise.all([renderVoiceOnly(), render()]);
    // 808 and kick fundamentals sit at 40-80 Hz. A male voice's own fundamental reaches into
    // 80-100 Hz, so below 80 Hz is the band the beat alone fills.
    // Measured: below 80 Hz 0.16 % of the energy (none) vs 14 % (beat), -20 dB; below 100 Hz 6 % vs 25 %.
    const noneSub = await lowBandShare(none.mp3, 80);
    const beatSub = await lowBandShare(withBeat.mp3, 80);
    expect(beatSub).toBeGreaterThan(0.05);
    expect(noneSub).toBeLessThan(0.01);
    expect(10 * Math.log10(noneSub / beatSub)).toBeLessThan(-12);
    expect(await lowBandShare(none.mp3, 100)).toBeLessThan(0.5 * (await lowBandShare(withBeat.mp3, 100)));
  });
});

describe('renderRap balance', () => {
  it('sits the vocal 6-10 LU above the beat (stems measured after decoding)', async () => {
    const { render: r } = await render();
    const vocal = (await decodeAudio(r.vocalStem!)).channels[0]!;
    const beat = await decodeAudio(r.beatStem!);
    const vocalLufs = measureLoudness([vocal, vocal], 44100).integratedLufs;
    const beatLufs = measureLoudness(beat.channels, 44100).integratedLufs;
    expect(vocalLufs - beatLufs).toBeGreaterThan(6);
    expect(vocalLufs - beatLufs).toBeLessThan(10);
  });
});

describe('renderRap input and control', () => {
  it('rejects unknown artists and beats with readable errors', async () => {
    await expect(renderRap({ lyrics: 'hello', artistId: 'nobody', musicSelectionId: null })).rejects.toThrow(
      /Unknown artist/,
    );
    await expect(
      renderRap({ lyrics: 'hello', artistId: 'mc-volt', musicSelectionId: 'nope' }),
    ).rejects.toThrow(/Unknown music selection/);
  });
  it('rejects an unknown accompaniment', async () => {
    await expect(
      renderRap({
        lyrics: 'hello',
        artistId: 'mc-volt',
        musicSelectionId: null,
        accompaniment: 'strings' as 'none',
      }),
    ).rejects.toThrow(/no accompaniment "strings"/);
  });
  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const promise = renderRap(
      { lyrics: LYRICS, artistId: 'mc-volt', musicSelectionId: null },
      {
        signal: controller.signal,
        onProgress: (phase) => phase === 'synthesizing-voice' && controller.abort(),
      },
    );
    await expect(promise).rejects.toThrow(/abort|cancel/i);
  });
});

describe('ad-libs', () => {
  const word = (text: string, phones: [string, number, number][]): TimedWord => ({
    text,
    start: phones[0]![1],
    end: phones.at(-1)![2],
    phones: phones.map(([phone, start, end]) => ({ phone, start, end, isVowel: /^[aeiou]/.test(phone) })),
  });
  it('start once, on the step: a long opening glide is cut to its last 60 ms and keyed half way through it', () => {
    const yeah = word('yeah', [
      ['y', 0.151, 0.308],
      ['ae', 0.308, 0.518],
    ]);
    const cut = adlibOpening(yeah, 'glides');
    expect(cut.cut).toBe(true);
    expect(cut.from).toBeCloseTo(0.248, 6);
    expect(cut.key).toBeCloseTo(0.278, 6);
    // A short glide, a vowel or a voiceless consonant: from just before the word, keyed as a lyric's word.
    const what = adlibOpening(
      word('what', [
        ['w', 0.1, 0.15],
        ['ah', 0.15, 0.3],
        ['t', 0.3, 0.35],
      ]),
      'glides',
    );
    expect(what).toEqual({ from: expect.closeTo(0.08, 6), key: expect.closeTo(0.1, 6), cut: false });
    const uh = adlibOpening(word('uh', [['ah', 0.217, 0.265]]), 'glides');
    expect(uh).toEqual({ from: expect.closeTo(0.197, 6), key: expect.closeTo(0.217, 6), cut: false });
    const come = adlibOpening(
      word('come', [
        ['k', 0.235, 0.367],
        ['ah', 0.367, 0.452],
        ['m', 0.452, 0.512],
      ]),
      'glides',
    );
    expect(come.cut).toBe(false);
    expect(come.key).toBeCloseTo(0.367, 6);
  });

  it("keep a formant voice's voiced opening consonant to its last 30 ms, keyed half way into it as a line's is", () => {
    const beep = word('beep', [
      ['b', 0.05, 0.13],
      ['iː', 0.13, 0.3],
      ['p', 0.3, 0.36],
    ]);
    expect(adlibOpening(beep, 'formant')).toEqual({
      from: expect.closeTo(0.1, 6),
      key: expect.closeTo(0.115, 6),
      cut: true,
    });
    // A Flite voice keys it at the vowel too, but keeps the whole "b".
    expect(adlibOpening(beep, 'glides').cut).toBe(false);
    // A formant voice's "p" is where it starts.
    const pay = word('pay', [
      ['p', 0.05, 0.12],
      ['eɪ', 0.12, 0.3],
    ]);
    expect(adlibOpening(pay, 'formant')).toEqual({
      from: expect.closeTo(0.03, 6),
      key: expect.closeTo(0.05, 6),
      cut: false,
    });
  });

  it('come apart into words, each with its own key and its distance from the first word', () => {
    const uh = word('uh', [['ah', 0.217, 0.265]]);
    const huh = word('huh', [
      ['hh', 0.265, 0.329],
      ['ah', 0.329, 0.426],
    ]);
    const up = 2;
    const audio = new Float32Array(Math.round((0.6 * 44100) / up)).fill(0.5);
    const [first, second] = adlibWords(audio, [uh, huh], up, 'glides');
    // "uh" from 20 ms before it to where "huh" starts; "huh" from 20 ms before it to the end.
    expect(first!.audio.length).toBe(Math.round((0.265 * 44100) / up) - Math.round((0.197 * 44100) / up));
    expect(first!.lead).toBeCloseTo(0.01, 6);
    expect(first!.offset).toBe(0);
    expect(second!.audio.length).toBe(audio.length - Math.round((0.245 * 44100) / up));
    expect(second!.lead).toBeCloseTo(0.042, 6); // its key is the vowel: "hh" is breath
    expect(second!.offset).toBeCloseTo(0.056, 6);
    // Faded where they were cut: the end of the first, the start of the second.
    expect(first!.audio.at(-1)).toBeLessThan(0.01);
    expect(second!.audio[0]).toBeLessThan(0.01);
    expect(first!.audio[0]).toBe(0.5);
  });

  it('land each word on its own grid step after the line', () => {
    const step = 0.25;
    // The first word's key on the first step at least 50 ms after the line's end: 1.0, not 0.75.
    const [uh, huh] = adlibStarts(
      [
        { lead: 0.01, offset: 0 },
        { lead: 0.042, offset: 0.056 },
      ],
      0.72,
      step,
    );
    expect(uh! + 0.01).toBeCloseTo(1, 9);
    // "huh" said 56 ms after "uh" (nearest step: the same one) goes one step later.
    expect(huh! + 0.042).toBeCloseTo(1.25, 9);
    // Words said further apart keep their distance in whole steps.
    const [lets, go] = adlibStarts(
      [
        { lead: 0, offset: 0 },
        { lead: 0.03, offset: 0.56 },
      ],
      0.5,
      step,
    );
    expect(lets).toBeCloseTo(0.75, 9);
    expect(go! + 0.03).toBeCloseTo(1.25, 9);
  });
  it('are said as the lyrics would be: "skrrt" as a word, not spelled by the voice', async () => {
    const flite = new FliteVoiceBackend();
    const said: string[] = [];
    const recording: VoiceBackend = {
      id: 'recording-flite',
      synthesize: (request) => {
        said.push(request.text);
        return flite.synthesize(request);
      },
    };
    // Kid Kilo's ad-libs take turns after every other line: "what", then "skrrt".
    await renderRap(
      { lyrics: LYRICS, artistId: 'kid-kilo', musicSelectionId: null, accompaniment: 'none' },
      { voiceBackend: recording, singerName: 'Tester' },
    );
    expect(said).toContain('skirt');
    expect(said).not.toContain('skrrt');
  });
});

describe("a singer's register", () => {
  it("keeps every melody under Flite's highest note, in every key, so the TTS says every note itself", () => {
    const syllables = Array.from({ length: 12 }, (_, i) => ({
      onset: 0.3 * i,
      vowelOnset: 0.3 * i + 0.05,
      end: 0.3 * i + 0.28,
      stress: (i % 2 === 0 ? 1 : 0) as 0 | 1,
    }));
    let highest = -Infinity;
    for (const artist of ARTISTS.filter((a) => a.recipe.monotone))
      for (const tonic of NOTE_NAMES)
        for (const mode of ['major', 'minor'] as const)
          for (let line = 0; line < 4; line++) {
            const selection = { ...MUSIC_SELECTIONS[0]!, key: { tonic, mode } };
            const note = sungNote(selection, artist, line);
            for (let root = 0; root < 7; root++) {
              const notes = planMelody(syllables, {
                key: selection.key,
                baseDegree: note.degree,
                octave: note.octave,
                chordAt: () => root,
                lineIndex: line,
                lineEnd: 4,
              });
              for (const n of notes) highest = Math.max(highest, n.midi);
            }
          }
    expect(highest).toBeLessThanOrEqual(FLITE_HIGHEST_MIDI);
    // The highest melodies come within two semitones of it.
    expect(highest).toBeGreaterThan(FLITE_HIGHEST_MIDI - 3);
  });

  it("centres lines on the recipe's chord tones in turn, tonic, third, fifth, third by default", () => {
    const selection = { ...MUSIC_SELECTIONS[0]!, key: { tonic: 'G' as const, mode: 'major' as const } };
    const degrees = (id: string) =>
      [0, 1, 2, 3, 4].map(
        (line) =>
          sungNote(
            selection,
            ARTISTS.find((a) => a.id === id)!,
            line,
          ).degree,
      );
    expect(degrees('aria-bloom')).toEqual([0, 2, 4, 2, 0]);
    expect(degrees('ivy-lark')).toEqual([2, 4, 2, 4, 2]);
    // Both in the same register: G3 to F#4 for the centres.
    for (const id of ['aria-bloom', 'ivy-lark'])
      for (let line = 0; line < 4; line++) {
        const { midi } = sungNote(
          selection,
          ARTISTS.find((a) => a.id === id)!,
          line,
        );
        expect(midi).toBeGreaterThanOrEqual(55);
        expect(midi).toBeLessThan(67);
      }
  });
});

describe('a singer', () => {
  const SUNG = `I came up from the bottom with a pen and a dream
every single night I was writing my scheme
now the city is loud and the lights never sleep
and I keep every promise I was making to keep`;

  it('sings each line as a melody in key, in her register, on clean pitch', async () => {
    // Golden Hour, G major: the scale's pitch classes.
    const scale = new Set([7, 9, 11, 0, 2, 4, 6]);
    const r = await renderRap(
      { lyrics: SUNG, artistId: 'aria-bloom', musicSelectionId: 'golden-hour', accompaniment: 'none' },
      { diagnostics: true },
    );
    const d = r.diagnostics!;
    const track = trackPitch(d.leadVocal, { sampleRate: d.sampleRate, minFrequency: 120, maxFrequency: 900 });
    const pitchAt = (i: number) => {
      const f = track.frequencies[i]!;
      return f > 0 && track.confidences[i]! > 0.8 ? 69 + 12 * Math.log2(f / 440) : NaN;
    };
    let voiced = 0;
    let inKey = 0;
    const heard: number[] = [];
    for (let i = 0; i < track.frequencies.length; i++) {
      const m = pitchAt(i);
      if (Number.isNaN(m)) continue;
      voiced++;
      heard.push(m);
      const note = Math.round(m);
      if (Math.abs(m - note) <= 0.5 && scale.has(((note % 12) + 12) % 12)) inKey++;
    }
    expect(voiced).toBeGreaterThan(300);
    // Said by the TTS on whole-sample periods: no subharmonic, every note in tune.
    expect(inKey / voiced).toBeGreaterThan(0.93);
    heard.sort((a, b) => a - b);
    // Her register: centred G3 to F#4, never past Flite's F5.
    expect(heard[Math.floor(0.5 * heard.length)]!).toBeGreaterThan(55);
    expect(heard[Math.floor(0.5 * heard.length)]!).toBeLessThan(68);
    expect(heard[Math.floor(0.98 * heard.length)]!).toBeLessThan(77.5);
    // A melody per line, not one pitch: notes held 60 ms or more.
    for (const line of r.lines) {
      const notes = new Set<number>();
      let run = 0;
      let last = NaN;
      for (
        let i = Math.floor(line.start / track.hop);
        i < Math.min(track.frequencies.length, line.end / track.hop);
        i++
      ) {
        const note = Math.round(pitchAt(i));
        run = note === last ? run + 1 : 1;
        last = note;
        if (!Number.isNaN(note) && run * track.hop >= 0.06) notes.add(note);
      }
      expect(notes.size).toBeGreaterThanOrEqual(3);
    }
  });
});
