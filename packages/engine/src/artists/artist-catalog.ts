import type { Decibels, Semitones } from '../units.ts';
import type { FlowStyle } from '../flow/flow-style.ts';

/** How an artist's voice is made from a TTS voice: applied per line, never per syllable. */
export interface VoiceRecipe {
  backend: 'flite' | 'espeak';
  voice: string;
  /**
   * Never below 0: the recogniser heard rms lowered 1 semitone (formants kept or not) at 1.4-2x
   * the word errors of the voice as it is, raised 1 semitone at 0.9x. Deep artists get their
   * weight from the tone's low shelf instead.
   */
  pitch: Semitones;
  /**
   * Net formant factor, ≥ 1 (>1 smaller/younger) and at most the pitch ratio: the voice is read
   * that much faster (tape-like, free), and the pitch beyond it is moved after placement with the
   * voice's own formants (see voice/line-renderer.ts). Raising slt's formants with its pitch made
   * her sound like a child to the recogniser: Lil Nova's words lost voice-only 0.45 at +1 semitone
   * formants and all, 0.31 with her formants kept (her dry line: 0.46, 0.25, and 0.26 not raised).
   */
  formant: number;
  /** Sung artists chant on notes of the chord; 0 = speech intonation. */
  monotone: boolean;
  /**
   * Semitones a singer's register (the twelve semitones its lines' centres are chosen from) sits
   * above the usual one for its gender. Sung higher, a TTS voice's words are heard less (Ivy Lark,
   * 158 words: 58 lost with her lines centred G3 to F#4, 73 a minor third up, 80 a fourth up), and
   * a voice made small (formants raised 2 semitones) far less (0.61 to 0.92 of her words lost).
   */
  register?: number;
  /**
   * The chord tones (scale degrees) a singer's lines take turns centring on; tonic, third, fifth,
   * third when not given. A line on the third or fifth sits above the chord rather than on it.
   */
  lineTones?: readonly number[];
  tone: { low: Decibels; presence: Decibels; air: Decibels };
  /** Doubles on the last words of each line (rap) or the whole line (singers). */
  doubles: 'none' | 'line-ends' | 'full';
  adlibs: string[];
  reverb: number;
  delay: number;
  /**
   * The delay throws' band. A rapper's echo of his last word, alone in the gap, was heard as the
   * word again (Kid Kilo voice-only: 82 of 158 words lost full-band, 68 with no delay, 67 in the
   * telephone band, 800 Hz–2.5 kHz). A singer's held note echoed in that band was heard as words
   * of its own instead (Aria Bloom 0.50 → 0.55 of her words lost, Ivy Lark 0.67 → 0.72): full band.
   */
  throws: 'telephone' | 'full';
  /** Bandwidth-extension amount: how much synthetic air above 8 kHz. */
  exciter: number;
}

export interface ArtistDefinition {
  id: string;
  name: string;
  description: string;
  gender: 'male' | 'female';
  kind: 'rapper' | 'singer';
  style: FlowStyle['id'];
  recipe: VoiceRecipe;
}

/** The public shape the server lists. */
export interface Artist {
  id: string;
  name: string;
  description: string;
  gender: 'male' | 'female';
  kind: 'rapper' | 'singer';
  voice: string;
  style: string;
}

const tone = (low: number, presence: number, air: number) => ({ low, presence, air });

export const ARTISTS: readonly ArtistDefinition[] = [
  {
    id: 'mc-volt',
    name: 'MC Volt',
    gender: 'male',
    kind: 'rapper',
    style: 'straight',
    description: 'Punchy, upfront and on every beat: classic straight-16ths flow with hype ad-libs.',
    recipe: {
      backend: 'flite',
      voice: 'rms',
      pitch: 0,
      formant: 1.0,
      monotone: false,
      tone: tone(2, 3, 3),
      doubles: 'line-ends',
      adlibs: ['yeah', "let's go"],
      reverb: 0.12,
      delay: 0.15,
      throws: 'telephone',
      exciter: 1,
    },
  },
  {
    id: 'lil-nova',
    name: 'Lil Nova',
    gender: 'female',
    kind: 'rapper',
    style: 'triplet',
    description: 'Bright, bouncy triplet flow that skips over trap hats.',
    recipe: {
      backend: 'flite',
      voice: 'slt',
      pitch: 1,
      formant: 1.0,
      monotone: false,
      tone: tone(-1, 2, 4),
      doubles: 'line-ends',
      adlibs: ['ayy', 'uh huh'],
      reverb: 0.15,
      delay: 0.2,
      throws: 'telephone',
      exciter: 1.2,
    },
  },
  {
    id: 'deacon-grey',
    name: 'Deacon Grey',
    gender: 'male',
    kind: 'rapper',
    style: 'laid-back',
    description: 'Deep, unhurried storyteller who sits just behind the beat; made for boom bap.',
    recipe: {
      backend: 'flite',
      voice: 'awb',
      pitch: 0,
      formant: 1.0,
      monotone: false,
      tone: tone(5, 1, 1),
      doubles: 'none',
      adlibs: ['uh', 'come on'],
      reverb: 0.2,
      delay: 0.1,
      throws: 'telephone',
      exciter: 0.7,
    },
  },
  {
    id: 'rapid-rae',
    name: 'Rapid Rae',
    gender: 'female',
    kind: 'rapper',
    style: 'double-time',
    description: 'Double-time machine gun: two syllables where others fit one.',
    recipe: {
      backend: 'flite',
      voice: 'slt',
      pitch: 0,
      formant: 1.0,
      monotone: false,
      tone: tone(0, 4, 3),
      doubles: 'line-ends',
      adlibs: ['go', 'yeah'],
      reverb: 0.08,
      delay: 0.12,
      throws: 'telephone',
      exciter: 1.1,
    },
  },
  {
    id: 'kid-kilo',
    name: 'Kid Kilo',
    gender: 'male',
    kind: 'rapper',
    style: 'choppy',
    description: 'Young, clipped and staccato; every syllable snapped to the grid.',
    recipe: {
      backend: 'flite',
      voice: 'kal16',
      pitch: 1,
      formant: 1.0,
      monotone: false,
      tone: tone(-2, 3, 4),
      doubles: 'line-ends',
      adlibs: ['what', 'skrrt'],
      reverb: 0.1,
      delay: 0.18,
      throws: 'telephone',
      exciter: 1.2,
    },
  },
  {
    id: 'saint-echo',
    name: 'Saint Echo',
    gender: 'male',
    kind: 'rapper',
    style: 'laid-back',
    description: 'Low, smoky voice drenched in echoes; slow and heavy.',
    recipe: {
      backend: 'flite',
      voice: 'rms',
      pitch: 0,
      formant: 1.0,
      monotone: false,
      tone: tone(5, 0, 2),
      // His echoes are the room and the delay: copies of the whole line 16-27 ms behind smeared every
      // word (the recogniser lost 0.36 of his words voice-only and 0.44 in the mix with them, 0.29
      // and 0.37 without; on his line ends only, 0.30 and 0.44).
      doubles: 'none',
      adlibs: ['yeah', 'echo'],
      reverb: 0.3,
      delay: 0.35,
      throws: 'telephone',
      exciter: 0.8,
    },
  },
  {
    id: 'cipher-9',
    name: 'Cipher 9',
    gender: 'female',
    kind: 'rapper',
    style: 'straight',
    description: 'A deliberately robotic, formant-synth rapper from the future.',
    recipe: {
      backend: 'espeak',
      voice: 'en-us+f3',
      pitch: 0,
      formant: 1.0,
      monotone: false,
      tone: tone(0, 2, 2),
      doubles: 'line-ends',
      adlibs: ['beep', 'yeah'],
      reverb: 0.12,
      delay: 0.2,
      throws: 'telephone',
      exciter: 0.9,
    },
  },
  {
    id: 'aria-bloom',
    name: 'Aria Bloom',
    gender: 'female',
    kind: 'singer',
    style: 'melodic',
    description: 'Airy pop singer; long notes on the chord tones, lush reverb.',
    recipe: {
      backend: 'flite',
      voice: 'slt',
      pitch: 0,
      formant: 1.0,
      monotone: true,
      tone: tone(-1, 2, 5),
      doubles: 'full',
      adlibs: ['ooh'],
      reverb: 0.35,
      delay: 0.2,
      throws: 'full',
      exciter: 1.3,
    },
  },
  {
    id: 'marcus-vale',
    name: 'Marcus Vale',
    gender: 'male',
    kind: 'singer',
    style: 'melodic',
    description: 'Smooth R&B baritone with a warm low end.',
    // rms ignores Flite's pitch targets (measured), so the sung baritone is awb.
    recipe: {
      backend: 'flite',
      voice: 'awb',
      pitch: 0,
      formant: 1.0,
      monotone: true,
      tone: tone(4, 1, 3),
      doubles: 'full',
      adlibs: ['oh yeah'],
      reverb: 0.3,
      delay: 0.15,
      throws: 'full',
      exciter: 1,
    },
  },
  {
    id: 'ivy-lark',
    name: 'Ivy Lark',
    gender: 'female',
    kind: 'singer',
    style: 'melodic',
    description: 'Bright indie voice that floats above the chords.',
    recipe: {
      backend: 'flite',
      voice: 'slt',
      pitch: 0,
      formant: 1.0,
      // Her lines hover on the third and fifth, never settling on the tonic. Her register two
      // semitones up (her lines on G and G# an octave higher, to D#5) lost 139.5 words of 632 on
      // the eval's two lyric sets; in Aria Bloom's register on the upper chord tones, 99.5.
      lineTones: [2, 4, 2, 4],
      monotone: true,
      tone: tone(-2, 3, 5),
      doubles: 'line-ends',
      adlibs: ['la la'],
      reverb: 0.3,
      delay: 0.25,
      throws: 'full',
      exciter: 1.3,
    },
  },
  {
    id: 'rowan-ash',
    name: 'Rowan Ash',
    gender: 'male',
    kind: 'singer',
    style: 'melodic',
    description: 'Raspy folk-soul tenor with a Scottish lilt.',
    recipe: {
      backend: 'flite',
      voice: 'awb',
      pitch: 1,
      formant: 1.0,
      register: 3,
      monotone: true,
      tone: tone(1, 2, 2),
      doubles: 'full',
      adlibs: ['hey'],
      reverb: 0.28,
      delay: 0.18,
      throws: 'full',
      exciter: 0.9,
    },
  },
];

export function findArtist(id: string): ArtistDefinition | undefined {
  return ARTISTS.find((a) => a.id === id);
}

const recipeSummary = (r: VoiceRecipe) =>
  `${r.backend}:${r.voice} ${r.pitch >= 0 ? '+' : ''}${r.pitch} st, formant x${r.formant.toFixed(2)}${r.monotone ? ', sung' : ''}${r.doubles !== 'none' ? `, doubles ${r.doubles}` : ''}`;

export function listArtists(): Artist[] {
  return ARTISTS.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    gender: a.gender,
    kind: a.kind,
    voice: recipeSummary(a.recipe),
    style: a.style,
  }));
}
