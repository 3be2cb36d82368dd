import { VOICE_SAMPLE_MAX_BYTES } from '@bops/shared';
import type { Seconds } from '../units.ts';
import type { AudioFormat } from '../io/audio-decoder.ts';

/** What a voice sample must be (docs/PRODUCT.md#validation and the product decisions). */
export const VOICE_SAMPLE_LIMITS = {
  minSeconds: 20 as Seconds,
  maxSeconds: 300 as Seconds,
  maxBytes: VOICE_SAMPLE_MAX_BYTES,
  /** Uploads: wav, m4a, mp3, ogg; browser recordings: webm/opus or mp4/aac. */
  formats: ['wav', 'm4a', 'aac', 'mp3', 'oga', 'opus', 'webm'] as AudioFormat[],
};
