import type { BeatsPerMinute, Hz, Seconds } from '../units.ts';
import { mixInto } from '../pcm-audio.ts';
import { drumKit } from './drum-kit.ts';
import { chordOn, degreeToMidi, pentatonicDegrees, type MusicalKey } from './music-theory.ts';
import { MOOD_PRESETS, type MoodId } from './mood-presets.ts';
import { seededRandom } from './seeded-random.ts';
import { bass808, bell, keys, lead, pad, pluck, pluckedBass } from './synth-voices.ts';
import { throwIfAborted } from '../errors.ts';

export type SectionKind = 'intro' | 'verse' | 'hook' | 'bridge' | 'outro';

export interface ArrangementSection {
  kind: SectionKind;
  bars: number;
}

export interface BeatOptions {
  mood: MoodId;
  /** Listed tempo; half-time moods groove at half of it. */
  bpm: BeatsPerMinute;
  key: MusicalKey;
  arrangement: ArrangementSection[];
  seed: number;
  sampleRate?: Hz;
  signal?: AbortSignal;
}

/** The beat as separate buses so the mixer can duck bass and harmony under the vocal, not the drums. */
export interface BeatRender {
  sampleRate: Hz;
  drums: [Float32Array, Float32Array];
  bass: Float32Array;
  harmony: [Float32Array, Float32Array];
  /** Seconds per bar at the groove tempo (what lyrics lines follow). */
  barDuration: Seconds;
  grooveBpm: BeatsPerMinute;
  bars: number;
  duration: Seconds;
}

export const grooveTempo = (mood: MoodId, bpm: BeatsPerMinute): BeatsPerMinute =>
  MOOD_PRESETS[mood].halfTime ? bpm / 2 : bpm;

/** A default song form for a beat heard on its own (music selection previews). */
export function defaultArrangement(totalBars = 24): ArrangementSection[] {
  const intro = 2;
  const outro = 2;
  const body = Math.max(4, totalBars - intro - outro);
  const sections: ArrangementSection[] = [{ kind: 'intro', bars: intro }];
  let left = body;
  let kind: SectionKind = 'verse';
  while (left > 0) {
    const bars = Math.min(left, kind === 'verse' ? 8 : 4);
    sections.push({ kind, bars });
    left -= bars;
    kind = kind === 'verse' ? 'hook' : 'verse';
  }
  sections.push({ kind: 'outro', bars: outro });
  return sections;
}

/**
 * Procedural beat: drums from a synthesised kit on 16th patterns with swing and fills,
 * bass following the kick on chord roots, chords per bar, and a seeded two-bar motif in hooks.
 * Intros drop the kick, hooks add claps, open hats and melody, outros strip back.
 */
export function renderBeat(options: BeatOptions): BeatRender {
  const { mood, bpm, key, arrangement, seed, sampleRate = 44100, signal } = options;
  const preset = MOOD_PRESETS[mood];
  const groove = grooveTempo(mood, bpm);
  const beat = 60 / groove;
  const step = beat / 4;
  const barDuration = 4 * beat;
  const bars = arrangement.reduce((a, s) => a + s.bars, 0);
  const tail = 2;
  const length = Math.ceil((bars * barDuration + tail) * sampleRate);
  const kit = drumKit(preset.kit, sampleRate);
  const drumsL = new Float32Array(length);
  const drumsR = new Float32Array(length);
  const bass = new Float32Array(length);
  const harmL = new Float32Array(length);
  const harmR = new Float32Array(length);
  const melody = new Float32Array(length);
  const random = seededRandom(seed);
  const motif = Array.from({ length: 8 }, () => ({
    degree: pentatonicDegrees(preset.mode)[Math.floor(random() * 5)]!,
    hit: random() < 0.7,
  }));
  const at = (time: Seconds) => Math.round(time * sampleRate);
  const hit = (sample: Float32Array, time: Seconds, gain: number, pan = 0) => {
    const offset = at(time);
    mixInto(drumsL, sample, offset, gain * Math.cos((Math.PI / 4) * (1 + pan)) * Math.SQRT2);
    mixInto(drumsR, sample, offset, gain * Math.sin((Math.PI / 4) * (1 + pan)) * Math.SQRT2);
  };
  const stepTime = (barStart: Seconds, s: number) =>
    barStart + s * step + (s % 2 === 1 ? preset.swing * step : 0);

  let bar = 0;
  for (const section of arrangement) {
    throwIfAborted(signal);
    for (let b = 0; b < section.bars; b++, bar++) {
      const t0 = bar * barDuration;
      const isFill = b === section.bars - 1 && section.bars >= 4 && section.kind !== 'outro';
      const full = section.kind === 'verse' || section.kind === 'hook' || section.kind === 'bridge';
      const degree = preset.progression[bar % preset.progression.length]!;
      const kicks = preset.kicks[(bar + (section.kind === 'hook' ? 1 : 0)) % preset.kicks.length]!;
      // Drums
      if (full || (section.kind === 'outro' && b === 0)) {
        for (let s = 0; s < 16; s++) {
          if (kicks[s] === 'x' && !(isFill && s >= 12)) hit(kit.kick, stepTime(t0, s), 1);
          if (preset.snare[s] === 'x') {
            hit(kit.snare, stepTime(t0, s), 0.85);
            if (section.kind === 'hook' || preset.kit === 'trap') hit(kit.clap, stepTime(t0, s), 0.5, 0.1);
          }
        }
        if (preset.kit === 'boom-bap' || preset.kit === 'lofi') {
          // Ghost snares give boom-bap its bounce.
          if (random() < 0.6) hit(kit.snare, stepTime(t0, 7), 0.18);
          if (random() < 0.5) hit(kit.rim, stepTime(t0, 14), 0.4, -0.3);
        }
      }
      if (section.kind !== 'outro' || b === 0) {
        const hatGain = section.kind === 'intro' ? 0.5 : 0.8;
        for (let s = 0; s < 16; s++) {
          const pan = 0.25;
          if (preset.hats === 'eighths' && s % 2 === 0)
            hit(kit.hat, stepTime(t0, s), hatGain * (s % 4 === 0 ? 1 : 0.7), pan);
          if (preset.hats === 'sixteenths')
            hit(kit.hat, stepTime(t0, s), hatGain * (s % 2 === 0 ? 0.9 : 0.5), pan);
          if (preset.hats === 'shuffle' && (s % 2 === 0 || s % 4 === 3))
            hit(kit.hat, stepTime(t0, s), hatGain * (s % 4 === 0 ? 1 : 0.6), pan);
          if (preset.hats === 'trap') {
            // Rolls (32nds and triplets) on the last beat every other bar: the trap signature.
            const roll = full && (bar % 2 === 1 || isFill) && s >= 12;
            if (roll) {
              const division = bar % 4 === 3 ? 3 : 2;
              for (let r = 0; r < division; r++)
                hit(kit.hat, t0 + s * step + (r * step) / division, hatGain * (0.5 + 0.15 * r), pan);
            } else hit(kit.hat, stepTime(t0, s), hatGain * (s % 2 === 0 ? 0.85 : 0.5), pan);
          }
        }
        if (section.kind === 'hook') hit(kit.openHat, stepTime(t0, 14), 0.5, -0.25);
        if (section.kind === 'hook' && preset.kit !== 'trap')
          for (let s = 2; s < 16; s += 4) hit(kit.shaker, stepTime(t0, s), 0.5, -0.4);
      }
      if (isFill && full) for (let s = 12; s < 16; s++) hit(kit.snare, t0 + s * step, 0.25 + 0.12 * (s - 12));
      if (b === 0 && (section.kind === 'hook' || (section.kind === 'verse' && bar > 0)))
        hit(kit.crash, t0, 0.6, -0.2);

      // Bass follows the kick on the chord root.
      if (full) {
        const root = degreeToMidi(key, degree, 1);
        const starts = [...kicks].flatMap((c, s) => (c === 'x' ? [s] : []));
        starts.forEach((s, i) => {
          const next = i + 1 < starts.length ? starts[i + 1]! : 16;
          const dur = (next - s) * step * 0.92;
          const glide =
            preset.bass === '808' && i === starts.length - 1 && bar % 2 === 1 ? root + 12 : undefined;
          if (preset.bass === '808')
            bass808(
              bass,
              sampleRate,
              stepTime(t0, s),
              dur,
              glide ?? root,
              glide === undefined ? undefined : root,
            );
          else pluckedBass(bass, sampleRate, stepTime(t0, s), dur, root + 12);
        });
      }
      // Chords every bar except the outro's tail.
      if (section.kind !== 'outro' || b < section.bars - 1) {
        const notes = chordOn(key, degree, 3, 4);
        if (preset.chords === 'pad')
          pad(
            harmL,
            harmR,
            sampleRate,
            t0,
            barDuration,
            notes,
            section.kind === 'intro' ? preset.chordBrightness * 0.6 : preset.chordBrightness,
          );
        else {
          keys(harmL, harmR, sampleRate, stepTime(t0, 0), beat * 1.8, notes, 0.045);
          keys(harmL, harmR, sampleRate, stepTime(t0, 10), beat * 1.4, notes, 0.035);
        }
      }
      // Melody: hooks always, verses sparsely on every other bar.
      const melodyOn =
        section.kind === 'hook' || section.kind === 'intro' || (section.kind === 'verse' && bar % 4 === 3);
      if (melodyOn) {
        for (let k = 0; k < 8; k++) {
          const note = motif[(k + (bar % 2) * 4) % 8]!;
          if (!note.hit) continue;
          const midi = degreeToMidi(key, note.degree, 5);
          const t = stepTime(t0, 2 * k);
          const d = step * 2;
          if (preset.melody === 'bell') bell(melody, sampleRate, t, d, midi);
          else if (preset.melody === 'pluck') pluck(melody, sampleRate, t, d, midi, random, 0.16);
          else if (preset.melody === 'lead') lead(melody, sampleRate, t, d * 0.9, midi, 0.05);
          else keys(harmL, harmR, sampleRate, t, d, [midi], 0.05);
        }
      }
    }
  }
  // Melody sits slightly right, with a short slap echo left for width.
  const echo = at(0.75 * step * 2);
  for (let i = 0; i < length; i++) {
    const m = melody[i]!;
    harmL[i]! += 0.7 * m + (i >= echo ? 0.3 * melody[i - echo]! : 0);
    harmR[i]! += 0.9 * m;
  }
  return {
    sampleRate,
    drums: [drumsL, drumsR],
    bass,
    harmony: [harmL, harmR],
    barDuration,
    grooveBpm: groove,
    bars,
    duration: length / sampleRate,
  };
}

/** Sums the buses to a stereo beat (for previews and the beat stem). */
export function mixBeat(
  beat: BeatRender,
  { bassGain = 0.8, harmonyGain = 1, drumGain = 0.9 } = {},
): [Float32Array, Float32Array] {
  const n = beat.bass.length;
  const L = new Float32Array(n);
  const R = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const b = bassGain * beat.bass[i]!;
    L[i] = drumGain * beat.drums[0][i]! + b + harmonyGain * beat.harmony[0][i]!;
    R[i] = drumGain * beat.drums[1][i]! + b + harmonyGain * beat.harmony[1][i]!;
  }
  return [L, R];
}
