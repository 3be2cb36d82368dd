// Minimal typings for the WASM packages the engine drives; they ship none of their own.

interface EmscriptenHeapModule {
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
}

declare module '@echogarden/rubberband-wasm' {
  export interface RubberbandModule extends EmscriptenHeapModule {
    _rubberband_new(
      sampleRate: number,
      channels: number,
      options: number,
      timeRatio: number,
      pitchScale: number,
    ): number;
    _rubberband_delete(state: number): void;
    _rubberband_set_time_ratio(state: number, ratio: number): void;
    _rubberband_set_pitch_scale(state: number, scale: number): void;
    _rubberband_set_formant_scale(state: number, scale: number): void;
    _rubberband_set_max_process_size(state: number, samples: number): void;
    _rubberband_set_expected_input_duration(state: number, samples: number): void;
    _rubberband_set_key_frame_map(state: number, length: number, from: number, to: number): void;
    _rubberband_get_start_delay(state: number): number;
    _rubberband_study(state: number, input: number, samples: number, final: number): void;
    _rubberband_process(state: number, input: number, samples: number, final: number): void;
    _rubberband_available(state: number): number;
    _rubberband_retrieve(state: number, output: number, samples: number): number;
  }
  const init: () => Promise<RubberbandModule>;
  export default init;
}

declare module '@echogarden/sonic-wasm' {
  export interface SonicModule extends EmscriptenHeapModule {
    _sonicCreateStream(sampleRate: number, channels: number): number;
    _sonicDestroyStream(stream: number): void;
    _sonicSetSpeed(stream: number, speed: number): void;
    _sonicSetPitch(stream: number, pitch: number): void;
    _sonicSetRate(stream: number, rate: number): void;
    _sonicWriteFloatToStream(stream: number, samples: number, count: number): number;
    _sonicFlushStream(stream: number): number;
    _sonicSamplesAvailable(stream: number): number;
    _sonicReadFloatFromStream(stream: number, samples: number, max: number): number;
  }
  const init: () => Promise<SonicModule>;
  export default init;
}

declare module '@echogarden/pffft-wasm/simd' {
  export interface PffftModule extends EmscriptenHeapModule {
    _pffft_new_setup(size: number, kind: number): number;
    _pffft_destroy_setup(setup: number): void;
    _pffft_aligned_malloc(bytes: number): number;
    _pffft_aligned_free(ptr: number): void;
    _pffft_transform_ordered(
      setup: number,
      input: number,
      output: number,
      work: number,
      direction: number,
    ): void;
  }
  const init: () => Promise<PffftModule>;
  export default init;
}

declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string;
    audio_position: number;
    text_position: number;
    word_length: number;
    id?: string | number;
  }
  export interface EspeakWorker {
    set_voice(name: string): void;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    synthesize(text: string, callback: (samples: Int16Array | null, events: EspeakEvent[]) => boolean): void;
    synthesize_ipa(text: string): { ipa: string };
  }
  /** The module's whole memory (a fresh view after it grows: read it again each time). */
  const init: () => Promise<{ eSpeakNGWorker: new () => EspeakWorker; HEAPU8: Uint8Array }>;
  export default init;
}

// The engine targets Node without the DOM lib, which is where TypeScript keeps these.
declare namespace WebAssembly {
  interface Module {
    readonly __brand?: 'WebAssembly.Module';
  }
  interface Instance {
    readonly exports: Record<string, unknown>;
  }
  type Imports = Record<string, Record<string, unknown>>;
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports?: Imports): Promise<Instance>;
}
