import { decodeWav } from '../io/wav-codec.ts';
import { runFlite } from './flite-pool.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import {
  ARPABET_VOWELS,
  type SpeechSynthesis,
  type SynthesisRequest,
  type TimedPhone,
  type TimedWord,
  type VoiceBackend,
} from './voice-backend.ts';

export const FLITE_VOICES = ['slt', 'rms', 'awb', 'kal', 'kal16'] as const;
export type FliteVoice = (typeof FLITE_VOICES)[number];

/**
 * The statistical-parametric voices leave a resonance at their band edge: measured on their
 * quietest frames, rms and slt carry a bump 12-14 dB above the 6 kHz level, centred near 6.8 kHz,
 * that stays through quiet passages and is heard as a whistle once the voice is brightened.
 * A matching dip flattens it at the source; awb and kal16 have none.
 */
const BAND_EDGE_BUMP: Partial<Record<FliteVoice, { frequency: number; gain: number; q: number }>> = {
  rms: { frequency: 6820, gain: -13, q: 4 },
  slt: { frequency: 6820, gain: -12, q: 4 },
};

/** Edit-distance alignment: for each phone in `observed`, the index it matches in `expected` (or -1). */
export function alignSequences(expected: readonly string[], observed: readonly string[]): Int32Array {
  const n = expected.length;
  const m = observed.length;
  const D = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = 0; i <= n; i++) D[i]![0] = i;
  for (let j = 0; j <= m; j++) D[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = D[i - 1]![j - 1]! + (expected[i - 1] === observed[j - 1] ? 0 : 1);
      D[i]![j] = Math.min(D[i - 1]![j]! + 1, D[i]![j - 1]! + 1, sub);
    }
  }
  const map = new Int32Array(m).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    if (D[i]![j] === D[i - 1]![j - 1]! + (expected[i - 1] === observed[j - 1] ? 0 : 1)) {
      map[j - 1] = i - 1;
      i--;
      j--;
    } else if (D[i]![j] === D[i]![j - 1]! + 1) j--;
    else i--;
  }
  return map;
}

/** Parses flite's `-psdur` trace ("ph:end ph:end ...") into spans; phrase restarts are chained. */
export function parsePhoneTrace(trace: string): TimedPhone[] {
  const out: TimedPhone[] = [];
  let previousEnd = 0;
  let offset = 0;
  for (const token of trace.trim().split(/\s+/)) {
    const k = token.lastIndexOf(':');
    if (k <= 0) continue;
    const phone = token.slice(0, k);
    let end = Number.parseFloat(token.slice(k + 1));
    if (!Number.isFinite(end)) continue;
    if (end + offset < previousEnd - 1e-6) offset = previousEnd;
    end += offset;
    out.push({ phone, start: previousEnd, end, isVowel: ARPABET_VOWELS.has(phone) });
    previousEnd = end;
  }
  return out;
}

/** Flite (CMU): small statistical-parametric and diphone voices at 16 kHz, fast, with phone timings. */
export class FliteVoiceBackend implements VoiceBackend {
  readonly id = 'flite';
  /** Pronunciations per voice and word: each flite run re-instantiates ~MBs of voice data. */
  private readonly pronunciations = new Map<string, string[]>();

  async prepare(lines: readonly string[], voice: string): Promise<void> {
    const v = this.voiceName(voice);
    const words = [...new Set(lines.flatMap((l) => l.split(/\s+/).filter(Boolean)))].filter(
      (w) => !this.pronunciations.has(`${v}:${w}`),
    );
    if (words.length === 0) return;
    const phones = await this.lexicon(words, v);
    words.forEach((w, i) => this.pronunciations.set(`${v}:${w}`, phones[i]!));
  }

  private voiceName(voice: string): string {
    return (FLITE_VOICES as readonly string[]).includes(voice) ? voice : 'rms';
  }

  /** Flite's own pronunciations for each word: one call for the whole line, comma-separated. */
  async lexicon(words: readonly string[], voice: string): Promise<string[][]> {
    if (words.length === 0) return [];
    const { stdout: printed } = await runFlite({
      args: ['-ps', '-voice', voice, ` ${words.join(', ')} `, 'none'],
    });
    const groups = printed
      .trim()
      .split(/\s*pau\s*/)
      .filter(Boolean)
      .map((g) => g.split(/\s+/));
    if (groups.length !== words.length) {
      // Rare tokenisation disagreements: fall back to word-by-word look-ups.
      const out: string[][] = [];
      for (const w of words) {
        const { stdout: one } = await runFlite({ args: ['-ps', '-voice', voice, ` ${w} `, 'none'] });
        out.push(
          one
            .trim()
            .split(/\s+/)
            .filter((p) => p && p !== 'pau'),
        );
      }
      return out;
    }
    return groups;
  }

  async synthesize(request: SynthesisRequest): Promise<SpeechSynthesis> {
    const voice = this.voiceName(request.voice);
    const words = request.text.split(/\s+/).filter(Boolean);
    if (words.length === 0) return { samples: new Float32Array(0), sampleRate: 16000, words: [] };
    const args = ['-psdur', '-voice', voice, '--setf', `duration_stretch=${request.durationScale ?? 1}`];
    if (request.pitchHz) args.push('--setf', `int_f0_target_mean=${request.pitchHz}`);
    if (request.pitchRangeHz !== undefined)
      args.push('--setf', `int_f0_target_stddev=${request.pitchRangeHz}`);
    args.push(` ${words.join(' ')} `);
    const known = words.map((w) => this.pronunciations.get(`${voice}:${w}`));
    const expected = known.every((p) => p) ? (known as string[][]) : await this.lexicon(words, voice);
    const { stdout: trace, wav } = await runFlite({ args, writesWav: true });
    const audio = decodeWav(wav!);
    const observed = parsePhoneTrace(trace).filter((p) => p.phone !== 'pau');
    const expectedFlat: string[] = [];
    const expectedWord: number[] = [];
    expected.forEach((phones, wi) => {
      for (const p of phones) {
        expectedFlat.push(p);
        expectedWord.push(wi);
      }
    });
    const map = alignSequences(
      expectedFlat,
      observed.map((p) => p.phone),
    );
    const timed: TimedWord[] = words.map((text) => ({ text, start: 0, end: 0, phones: [] }));
    let last = 0;
    observed.forEach((phone, j) => {
      const e = map[j]!;
      const wi = e >= 0 ? expectedWord[e]! : last;
      last = wi;
      timed[wi]!.phones.push(phone);
    });
    for (const w of timed) {
      if (w.phones.length) {
        w.start = w.phones[0]!.start;
        w.end = w.phones[w.phones.length - 1]!.end;
      }
    }
    const samples = audio.channels[0]!;
    const bump = BAND_EDGE_BUMP[voice as FliteVoice];
    if (bump) new Biquad({ type: 'peaking', sampleRate: audio.sampleRate, ...bump }).process(samples);
    return { samples, sampleRate: audio.sampleRate, words: timed };
  }
}
