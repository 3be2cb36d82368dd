/**
 * @bops/engine: lyrics + artist + beat -> mastered MP3 with word timings, and the analysis the
 * rest of Bops needs. Every export takes and returns plain structured-cloneable data, so it can
 * run inside a worker thread (the server wraps it in a pool).
 */
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
export { analyzeAudio, type AudioAnalysis, type AnalyzeOptions } from './analysis/audio-analyzer.ts';
export { trackPitch, type PitchTrack } from './analysis/pitch-tracker.ts';
export { detectOnsets } from './analysis/onset-detector.ts';
export { detectSyllableOnsets, type SyllableOnsetOptions } from './analysis/syllable-onsets.ts';
export { listArtists, type Artist } from './artists/artist-catalog.ts';
export { isWasiNotice } from './voice/wasi-notice.ts';
export { whenFliteSettled } from './voice/flite-pool.ts';
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
export {
  renderCover,
  type CoverRequest,
  type CoverRender,
  type CoverControls,
} from './cover/cover-renderer.ts';
export {
  COVER_PHASES,
  COVER_PHASE_DURATIONS_MS,
  COVER_MAX_SECONDS,
  COVER_MAX_SHIFT,
  COVER_MAX_VOCAL_LEVEL_DB,
  type CoverPhase,
} from './cover/cover-phases.ts';
export {
  renderMusicSelection,
  renderArtistPreview,
  type MusicSelectionRender,
} from './render/catalog-renderer.ts';
export {
  checkVoiceSample,
  prepareVoiceSample,
  VOICE_SAMPLE_LIMITS,
  type VoiceSampleReport,
  type VoiceSampleProblem,
  type PreparedVoice,
} from './voice-clone/voice-sample.ts';
export {
  buildVoiceModel,
  deserializeVoiceModel,
  VoiceModelError,
  SOURCE_VOICES,
  VOICE_READING_SCRIPT,
  type BuildVoiceModelOptions,
  type VoiceModelSummary,
  type SourceVoice,
} from './voice-clone/voice-model.ts';
export { separateSong, type SeparationOptions, type SongSeparation } from './separation/song-separator.ts';
export type { LeadPitch } from './separation/melody-tracker.ts';
export { createClonedVoiceBackend, type ClonedVoiceOptions } from './voice-clone/cloned-voice-backend.ts';
export { buildSingerFromSample, type BuiltSinger } from './voice-clone/singer-builder.ts';
/** Deterministic voice-like and tone signals, for checks and evaluations. */
export { synthVoice, synthSine } from './voice-clone/voice-test-signals.ts';
export type {
  VoiceBackend,
  SpeechSynthesis,
  SynthesisRequest,
  TimedWord,
  TimedPhone,
} from './voice/voice-backend.ts';
