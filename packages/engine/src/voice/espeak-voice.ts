import type {
  SpeechSynthesis,
  SynthesisRequest,
  TimedPhone,
  TimedWord,
  VoiceBackend,
} from './voice-backend.ts';
import type { EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import type { Stress } from '../text/stress-lexicon.ts';

const IPA_VOWEL = /[aeiouæɑɐɒɔəɚɛɜɝɪʊʌʏøœyɨʉɯɤ]/;

/** eSpeak, and a way to take it back to the state it started in. */
interface Espeak {
  /**
   * The worker as eSpeak was the moment it started, for one synchronous run of calls. eSpeak's C state runs on from
   * call to call (the breath noise's random generator among it): Cipher 9 said a line differently after other lines,
   * its phoneme events up to 1 ms apart, enough to move a syllable to another 16th, so a song came out differently
   * by what its thread had said before. Its whole memory (16 MB) is put back instead, in about 5 ms.
   */
  fresh(): EspeakWorker;
}

let engine: Promise<Espeak> | undefined;

function espeak(): Promise<Espeak> {
  engine ??= (async () => {
    const { default: init } = await import('@echogarden/espeak-ng-emscripten');
    const module = await init();
    // eSpeak seeds the noise of its breathy variants from the clock when its first worker starts:
    // a fixed clock for that one synchronous call seeds it the same way in every process.
    const clock = Date.now;
    Date.now = () => 0;
    let worker: EspeakWorker;
    try {
      worker = new module.eSpeakNGWorker();
    } finally {
      Date.now = clock;
    }
    const started = module.HEAPU8.slice();
    return {
      fresh: () => {
        module.HEAPU8.set(started);
        return worker;
      },
    };
  })();
  return engine;
}

/** Stress per syllable of an unknown word from eSpeak's letter-to-sound rules. */
export async function espeakStress(word: string): Promise<Stress[]> {
  const w = (await espeak()).fresh();
  w.set_voice('en-us');
  const ipa = w.synthesize_ipa(word).ipa.trim();
  const out: Stress[] = [];
  // eSpeak marks stress before the syllable; a vowel cluster is one nucleus.
  let pending: Stress = 0;
  let inVowel = false;
  for (const ch of ipa) {
    if (ch === 'ˈ') pending = 2;
    else if (ch === 'ˌ') pending = 1;
    else if (IPA_VOWEL.test(ch)) {
      if (!inVowel) {
        out.push(pending);
        pending = 0;
      }
      inVowel = true;
    } else if (ch !== 'ː') inVowel = false;
  }
  return out;
}

/** eSpeak's own pitch setting (0–99), which its voices and variants are made around. */
const ESPEAK_DEFAULT_PITCH = 50;

/** eSpeak NG: 22.05 kHz formant synthesis, many variants, word and phoneme events. */
export class EspeakVoiceBackend implements VoiceBackend {
  readonly id = 'espeak';
  /**
   * Keyed on its vowels and glides, Cipher 9's syllables opening on "d", "m", "w", "p"... were heard
   * 30-110 ms early: 0.70 of her onsets within 30 ms of the grid on the eval's lyrics, 0.69 on
   * another set; keyed where those consonants begin, 0.77 on both; keyed there for glides and "p"
   * only, her other voiced consonants 30 ms long before their vowel, 0.84 and 0.83; keyed half way into those 30 ms
   * (line-renderer's FORMANT_KEY_SHARE), 0.873 and 0.856.
   */
  readonly onsetConsonants = 'formant';

  async synthesize(request: SynthesisRequest): Promise<SpeechSynthesis> {
    const w = (await espeak()).fresh();
    w.set_voice(request.voice || 'en-us');
    w.set_rate(Math.round(175 / (request.durationScale ?? 1)));
    // Every setting on every call: each call starts from eSpeak's first state, its default voice and pitch.
    w.set_pitch(
      request.pitchHz
        ? Math.max(0, Math.min(99, Math.round((request.pitchHz - 60) / 2)))
        : ESPEAK_DEFAULT_PITCH,
    );
    const chunks: Int16Array[] = [];
    const events: {
      type: string;
      audio_position: number;
      text_position: number;
      word_length: number;
      id?: string | number;
    }[] = [];
    w.synthesize(request.text, (samples, evs) => {
      if (samples?.length) chunks.push(Int16Array.from(samples));
      events.push(...evs);
      return false;
    });
    let total = 0;
    for (const c of chunks) total += c.length;
    const samples = new Float32Array(total);
    let offset = 0;
    for (const c of chunks) {
      for (let i = 0; i < c.length; i++) samples[offset + i] = c[i]! / 32768;
      offset += c.length;
    }
    const sampleRate = 22050;
    const words: TimedWord[] = [];
    const phones: TimedPhone[] = [];
    let current: TimedWord | undefined;
    for (const e of events) {
      const t = e.audio_position / 1000;
      if (e.type === 'word') {
        current = {
          text: request.text.substr(e.text_position - 1, e.word_length).toLowerCase(),
          start: t,
          end: t,
          phones: [],
        };
        words.push(current);
      } else if (
        e.type === 'phoneme' &&
        current &&
        e.id &&
        !String(e.id).startsWith('(') &&
        !String(e.id).startsWith('_')
      ) {
        const phone: TimedPhone = {
          phone: String(e.id),
          start: t,
          end: t,
          isVowel: IPA_VOWEL.test(String(e.id)),
        };
        current.phones.push(phone);
        phones.push(phone);
      }
    }
    const duration = total / sampleRate;
    phones.forEach((p, i) => {
      p.end = Math.min(
        i + 1 < phones.length ? Math.max(p.start, phones[i + 1]!.start) : duration,
        p.start + 0.35,
      );
    });
    for (const word of words) {
      if (word.phones.length) {
        word.start = word.phones[0]!.start;
        word.end = word.phones[word.phones.length - 1]!.end;
      }
    }
    return { samples, sampleRate, words: words.filter((x) => x.phones.length) };
  }
}
