/**
 * Evaluation of the lead-vocal separator: `npm run eval:separation`.
 *
 * Each mixture is built here from stems whose truth we keep: an engine singer or rapper rendered
 * alone (its own doubles, ad-libs, reverb and delay are part of the vocal stem, as in MUSDB18),
 * sometimes panned off centre, doubled on the other side or drowned in extra reverb; against it an
 * engine beat (drums, bass and kick in the centre, chords) plus synthesised instruments placed
 * around the field, one of them a vibrato lead line that competes with the voice for the melody.
 * Vocal-to-accompaniment ratios differ per mixture. Nothing is tuned to the separator.
 *
 * For each mixture: vocal and accompaniment SI-SDR of our separator, of the mix itself, and of a
 * plain centre-channel mask (the best of four sharpnesses, so the baseline gets its best shot).
 * Last line: medians as key=value pairs.
 *
 * Options: --only a,b (mixture ids), --out dir (write the mixtures and estimates as WAVs),
 * --seconds N (cut each mixture to N seconds), --cache dir (keep the rendered stems there and reuse
 * them on the next run).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PcmAudio } from '../src/pcm-audio.ts';
import { renderRap } from '../src/render/rap-renderer.ts';
import { renderBeat, defaultArrangement, mixBeat } from '../src/beats/beat-engine.ts';
import { findMusicSelection } from '../src/beats/music-catalog.ts';
import { keys, lead, pad, pluck } from '../src/beats/synth-voices.ts';
import { chordOn, degreeToMidi } from '../src/beats/music-theory.ts';
import { seededRandom } from '../src/beats/seeded-random.ts';
import { reverb } from '../src/dsp/reverb.ts';
import { decodeWav, encodeWav } from '../src/io/wav-codec.ts';
import { separateSong } from '../src/separation/song-separator.ts';
import { siSdr } from '../src/separation/si-sdr.ts';
import { createStereoSpectrum, frameSizeFor, StereoStft } from '../src/separation/stereo-stft.ts';

const SR = 44100;

interface MixtureSpec {
  id: string;
  artist: string;
  beat: string;
  /** −1 hard left … 0 centre … 1 hard right. */
  vocalPan: number;
  /** Vocal RMS relative to the accompaniment's, in dB. */
  vocalToAccompaniment: number;
  double?: boolean;
  extraReverb?: number;
  /** Instruments added on top of the beat, with their pan. */
  extras: { kind: 'counter-melody' | 'keys' | 'arp' | 'pad'; pan: number }[];
  lyrics: string;
}

const VERSE_A = `city lights are calling out my name tonight
every corner of the street is shining bright
we keep moving like the rhythm never ends
holding on to every word between my friends
turn it up until the morning sun is here
sing it louder so the whole town hears`;
const VERSE_B = `started from the bottom with a notebook and a dream
every single line i write is sharper than it seems
stacking up the pages while the coffee getting cold
telling every story that my mother never told
keep it moving forward never looking at the past
building something solid that is made to last`;

const MIXTURES: MixtureSpec[] = [
  {
    id: 'pop-centre',
    artist: 'aria-bloom',
    beat: 'golden-hour',
    vocalPan: 0,
    vocalToAccompaniment: 0,
    extras: [{ kind: 'counter-melody', pan: 0.4 }],
    lyrics: VERSE_A,
  },
  {
    id: 'boombap-keys',
    artist: 'mc-volt',
    beat: 'dusty-crates',
    vocalPan: 0,
    vocalToAccompaniment: -3,
    extras: [
      { kind: 'keys', pan: -0.3 },
      { kind: 'arp', pan: 0.6 },
    ],
    lyrics: VERSE_B,
  },
  {
    id: 'panned-doubled',
    artist: 'ivy-lark',
    beat: 'midnight-drive',
    vocalPan: -0.3,
    vocalToAccompaniment: -2,
    double: true,
    extras: [
      { kind: 'pad', pan: 0 },
      { kind: 'counter-melody', pan: 0.1 },
    ],
    lyrics: VERSE_A,
  },
  {
    id: 'dark-reverb',
    artist: 'cipher-9',
    beat: 'shadow-work',
    vocalPan: 0,
    vocalToAccompaniment: -4,
    extraReverb: 0.5,
    extras: [{ kind: 'arp', pan: -0.5 }],
    lyrics: VERSE_B,
  },
  {
    id: 'rnb-double',
    artist: 'marcus-vale',
    beat: 'letters-home',
    vocalPan: 0,
    vocalToAccompaniment: 0,
    double: true,
    extras: [
      { kind: 'pad', pan: 0 },
      { kind: 'counter-melody', pan: -0.5 },
    ],
    lyrics: VERSE_A,
  },
  {
    id: 'hype-right',
    artist: 'kid-kilo',
    beat: 'full-throttle',
    vocalPan: 0.2,
    vocalToAccompaniment: -3,
    extras: [{ kind: 'keys', pan: 0.5 }],
    lyrics: VERSE_B,
  },
];

const panGains = (pan: number): [number, number] => [
  Math.cos((Math.PI / 4) * (1 + pan)),
  Math.sin((Math.PI / 4) * (1 + pan)),
];

function rms(channels: Float32Array[]): number {
  let sum = 0;
  let count = 0;
  for (const c of channels) for (let i = 0; i < c.length; i++, count++) sum += c[i]! * c[i]!;
  return Math.sqrt(sum / Math.max(1, count));
}

async function buildMixture(spec: MixtureSpec, maxSeconds: number) {
  const rap = await renderRap(
    { lyrics: spec.lyrics, artistId: spec.artist, musicSelectionId: spec.beat, accompaniment: 'none' },
    { diagnostics: true },
  );
  const sung = rap.diagnostics!.master;
  const n = Math.min(sung[0].length, Math.round(maxSeconds * SR));
  const mono = new Float32Array(n);
  for (let i = 0; i < n; i++) mono[i] = 0.5 * (sung[0][i]! + sung[1][i]!);
  // The rendered voice keeps its own stereo effects; panning moves its direct sound.
  const [gl, gr] = panGains(spec.vocalPan);
  const vocalL = new Float32Array(n);
  const vocalR = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const side = 0.5 * (sung[0][i]! - sung[1][i]!);
    vocalL[i] = Math.SQRT2 * gl * mono[i]! + side;
    vocalR[i] = Math.SQRT2 * gr * mono[i]! - side;
  }
  if (spec.double) {
    // A second take: 23 ms late, a little slower in pitch drift, on the other side, quieter.
    const [dl, dr] = panGains(-Math.sign(spec.vocalPan || 1) * 0.6);
    const delay = Math.round(0.023 * SR);
    for (let i = 0; i < n; i++) {
      const j = i - delay - Math.round(0.004 * SR * Math.sin((2 * Math.PI * i) / (3.1 * SR)));
      const v = j >= 0 && j < n ? mono[j]! * 0.5 : 0;
      vocalL[i]! += dl * v;
      vocalR[i]! += dr * v;
    }
  }
  if (spec.extraReverb) {
    const [wl, wr] = reverb(mono, { sampleRate: SR, roomSize: 0.85, damping: 0.3 });
    for (let i = 0; i < n; i++) {
      vocalL[i]! += spec.extraReverb * wl[i]!;
      vocalR[i]! += spec.extraReverb * wr[i]!;
    }
  }

  const selection = findMusicSelection(spec.beat)!;
  const beatRender = renderBeat({
    mood: selection.mood,
    bpm: selection.bpm,
    key: selection.key,
    arrangement: defaultArrangement(selection.bars),
    seed: selection.seed,
    sampleRate: SR,
  });
  const [beatL, beatR] = mixBeat(beatRender);
  const accL = new Float32Array(n);
  const accR = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    accL[i] = beatL[i % beatL.length]!;
    accR[i] = beatR[i % beatR.length]!;
  }
  const bar = beatRender.barDuration;
  const random = seededRandom(spec.id.length * 7919);
  for (const extra of spec.extras) {
    const [el, er] = panGains(extra.pan);
    const bus = new Float32Array(n);
    const busR = new Float32Array(n);
    for (let b = 0; b * bar < n / SR; b++) {
      const degree = [0, 5, 3, 4][b % 4]!;
      const chord = chordOn(selection.key, degree, 4);
      if (extra.kind === 'keys') keys(bus, busR, SR, b * bar, bar * 0.9, chord, 0.08);
      if (extra.kind === 'pad') pad(bus, busR, SR, b * bar, bar, chord, 1600, 0.05);
      for (let step = 0; step < 8; step++) {
        const at = b * bar + (step * bar) / 8;
        if (extra.kind === 'arp') pluck(bus, SR, at, bar / 8, chord[step % chord.length]! + 12, random, 0.12);
        if (extra.kind === 'counter-melody' && step % 2 === 0 && random() < 0.8)
          lead(bus, SR, at, bar / 4, degreeToMidi(selection.key, Math.floor(random() * 7), 5), 0.08);
      }
    }
    const stereoBus = extra.kind === 'keys' || extra.kind === 'pad';
    for (let i = 0; i < n; i++) {
      accL[i]! += el * bus[i]! * (stereoBus ? Math.SQRT2 : 1);
      accR[i]! += er * (stereoBus ? Math.SQRT2 * busR[i]! : bus[i]!);
    }
  }
  // Room reverb on the whole accompaniment: real mixes are never dry.
  const accMono = new Float32Array(n);
  for (let i = 0; i < n; i++) accMono[i] = 0.5 * (accL[i]! + accR[i]!);
  const [rl, rr] = reverb(accMono, { sampleRate: SR, roomSize: 0.6, damping: 0.5 });
  for (let i = 0; i < n; i++) {
    accL[i]! += 0.15 * rl[i]!;
    accR[i]! += 0.15 * rr[i]!;
  }
  const gain =
    (rms([accL, accR]) / Math.max(1e-9, rms([vocalL, vocalR]))) * 10 ** (spec.vocalToAccompaniment / 20);
  for (let i = 0; i < n; i++) {
    vocalL[i]! *= gain;
    vocalR[i]! *= gain;
  }
  const peak = Math.max(...[vocalL, vocalR].map((v, c) => maxAbsSum(v, c === 0 ? accL : accR)));
  const norm = 0.9 / Math.max(peak, 1e-9);
  for (const x of [vocalL, vocalR, accL, accR]) for (let i = 0; i < n; i++) x[i]! *= norm;
  const mix: PcmAudio = {
    sampleRate: SR,
    channels: [vocalL.map((v, i) => v + accL[i]!), vocalR.map((v, i) => v + accR[i]!)],
  };
  return { vocals: [vocalL, vocalR], accompaniment: [accL, accR], mix };
}

function maxAbsSum(a: Float32Array, b: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < a.length; i++) peak = Math.max(peak, Math.abs(a[i]! + b[i]!));
  return peak;
}

/** The plain baseline: each bin's share on the centre line, |L+R|²/2(|L|²+|R|²), raised to `sharpness`. */
async function centreMask(mix: PcmAudio, sharpness: number): Promise<Float32Array[]> {
  const [left, right] = mix.channels as [Float32Array, Float32Array];
  const stft = await StereoStft.create(frameSizeFor(mix.sampleRate));
  const s = createStereoSpectrum(stft.bins);
  const outL = new Float32Array(left.length);
  const outR = new Float32Array(left.length);
  for (let t = 0; t < stft.frameCount(left.length); t++) {
    stft.analyze(left, right, t, s);
    for (let k = 0; k < stft.bins; k++) {
      const sumRe = s.leftRe[k]! + s.rightRe[k]!;
      const sumIm = s.leftIm[k]! + s.rightIm[k]!;
      const power = s.leftRe[k]! ** 2 + s.leftIm[k]! ** 2 + s.rightRe[k]! ** 2 + s.rightIm[k]! ** 2;
      const m = ((sumRe * sumRe + sumIm * sumIm) / (2 * power + 1e-20)) ** sharpness;
      s.leftRe[k]! *= m;
      s.leftIm[k]! *= m;
      s.rightRe[k]! *= m;
      s.rightIm[k]! *= m;
    }
    stft.synthesizeAdd(s, t, outL, outR);
  }
  stft.dispose();
  return [outL, outR];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : 0.5 * (sorted[mid - 1]! + sorted[mid]!);
};

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string' },
    seconds: { type: 'string' },
    cache: { type: 'string' },
  },
});
const only = values.only?.split(',');
const maxSeconds = Number(values.seconds ?? 40);
if (values.out) mkdirSync(values.out, { recursive: true });
if (values.cache) mkdirSync(values.cache, { recursive: true });

async function cachedMixture(spec: MixtureSpec) {
  const file = (name: string) => join(values.cache!, `${spec.id}-${maxSeconds}s.${name}.wav`);
  if (values.cache && existsSync(file('vocals')) && existsSync(file('accompaniment'))) {
    const vocals = decodeWav(new Uint8Array(readFileSync(file('vocals')))).channels;
    const accompaniment = decodeWav(new Uint8Array(readFileSync(file('accompaniment')))).channels;
    const mix = vocals.map((v, c) => v.map((x, i) => x + accompaniment[c]![i]!));
    return { vocals, accompaniment, mix: { sampleRate: SR, channels: mix } };
  }
  const built = await buildMixture(spec, maxSeconds);
  if (values.cache) {
    writeFileSync(file('vocals'), encodeWav({ sampleRate: SR, channels: built.vocals }, { bitDepth: 32 }));
    writeFileSync(
      file('accompaniment'),
      encodeWav({ sampleRate: SR, channels: built.accompaniment }, { bitDepth: 32 }),
    );
  }
  return built;
}

const rows: Record<string, number>[] = [];
const sharpnesses = [1, 2, 4, 8];
const centreScores = new Map<number, number[]>(sharpnesses.map((p) => [p, []]));
for (const spec of MIXTURES) {
  if (only && !only.includes(spec.id)) continue;
  const truth = await cachedMixture(spec);
  const started = process.cpuUsage();
  const result = await separateSong(truth.mix);
  const used = process.cpuUsage(started);
  const seconds = (used.user + used.system) / 1e6;
  const row = {
    vocal: siSdr(truth.vocals, result.vocals.channels),
    accomp: siSdr(truth.accompaniment, result.accompaniment.channels),
    mixVocal: siSdr(truth.vocals, truth.mix.channels),
    mixAccomp: siSdr(truth.accompaniment, truth.mix.channels),
  };
  const centre: number[] = [];
  for (const p of sharpnesses) centre.push(siSdr(truth.vocals, await centreMask(truth.mix, p)));
  sharpnesses.forEach((p, i) => centreScores.get(p)!.push(centre[i]!));
  rows.push({ ...row, centre: Math.max(...centre) });
  const duration = truth.mix.channels[0]!.length / SR;
  console.log(
    `${spec.id.padEnd(15)} vocal ${row.vocal.toFixed(2).padStart(6)} dB  accomp ${row.accomp.toFixed(2).padStart(6)} dB  | mix: vocal ${row.mixVocal.toFixed(2).padStart(6)} accomp ${row.mixAccomp.toFixed(2).padStart(6)} | centre mask (p=1,2,4,8): ${centre.map((c) => c.toFixed(2)).join(' ')}  | ${duration.toFixed(0)} s in ${seconds.toFixed(1)} s CPU`,
  );
  if (values.out) {
    const write = (name: string, channels: Float32Array[]) =>
      writeFileSync(join(values.out!, `${spec.id}.${name}.wav`), encodeWav({ sampleRate: SR, channels }));
    write('mix', truth.mix.channels);
    write('vocals-true', truth.vocals);
    write('vocals-est', result.vocals.channels);
    write('accomp-est', result.accompaniment.channels);
  }
}
if (rows.length === 0) {
  console.error('No mixture matches --only.');
  process.exit(2);
}
// The baseline's sharpness is chosen once for all mixtures: the one with the best median.
const bestCentre = Math.max(...sharpnesses.map((p) => median(centreScores.get(p)!)));
console.log(
  `vocal_sisdr_db=${median(rows.map((r) => r.vocal!)).toFixed(2)} accomp_sisdr_db=${median(rows.map((r) => r.accomp!)).toFixed(2)} mix_vocal_sisdr_db=${median(rows.map((r) => r.mixVocal!)).toFixed(2)} centre_vocal_sisdr_db=${bestCentre.toFixed(2)}`,
);
