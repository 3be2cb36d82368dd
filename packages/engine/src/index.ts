export * from './units.ts';
export { AudioInputError, RenderInputError } from './errors.ts';
export type { PcmAudio } from './pcm-audio.ts';
export {
  decodeAudio,
  sniffAudioFormat,
  type DecodedAudio,
  type DecodeLimits,
  type AudioFormat,
} from './io/audio-decoder.ts';
export { encodeWav, decodeWav } from './io/wav-codec.ts';
export { encodeMp3, type Mp3EncodeOptions } from './io/mp3-encoder.ts';
export { resample } from './dsp/resampler.ts';
export { measureLoudness, type LoudnessReport } from './analysis/loudness-meter.ts';
export { listArtists, type Artist } from './artists/artist-catalog.ts';
export { listMusicSelections, type MusicSelection } from './beats/music-catalog.ts';
export { listMoods, type MoodId } from './beats/mood-presets.ts';
export {
  renderRap,
  RAP_PHASES,
  type RapPhase,
  type RapRequest,
  type RapRender,
  type RenderControls,
} from './render/rap-renderer.ts';
export type {
  VoiceBackend,
  SpeechSynthesis,
  SynthesisRequest,
  TimedWord,
  TimedPhone,
} from './voice/voice-backend.ts';
