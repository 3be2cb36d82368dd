/**
 * The light part of the engine: the built-in artists, beats and moods, render phases and upload
 * limits, without the voices, decoders and DSP. A server's main thread imports this; renders run
 * the full engine on worker threads.
 */
export { listArtists, type Artist } from './artists/artist-catalog.ts';
export { listMusicSelections, type MusicSelection } from './beats/music-catalog.ts';
export { listMoods, type MoodId } from './beats/mood-presets.ts';
export { RAP_PHASES, type RapPhase } from './render/rap-phases.ts';
export {
  COVER_PHASES,
  COVER_PHASE_DURATIONS_MS,
  COVER_MAX_SECONDS,
  COVER_MAX_SHIFT,
  COVER_MAX_VOCAL_LEVEL_DB,
  type CoverPhase,
} from './cover/cover-phases.ts';
export { FLOW_STYLES, FLOW_STYLE_IDS, type FlowStyle } from './flow/flow-style.ts';
export { unsayableInLyrics } from './text/text-normalizer.ts';
export { VOICE_SAMPLE_LIMITS } from './voice-clone/voice-sample-limits.ts';
export { isWasiNotice } from './voice/wasi-notice.ts';
