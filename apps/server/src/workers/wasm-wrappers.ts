import v8 from 'node:v8';

/**
 * Keeps V8's generic wrapper for WebAssembly's calls into JavaScript, never a compiled one. Node 24's V8
 * frees compiled wrappers from a cache every thread of the process shares, and doing so while another
 * thread tiers one up can abort the whole process (nodejs/node#64500: "Check failed:
 * jit_page_->allocations_.erase(addr) == 1"). Bops ends idle CPU threads, each holding the engine's
 * WebAssembly voices and DSP, which is what frees them; test processes aborted so in two CI runs of two.
 * The generic wrapper costs about 30 ns a call instead of 6, which the rap benchmark cannot tell apart
 * (CPU 32.0 s against 30.9 s, medians of three).
 */
export const GENERIC_WASM_WRAPPERS_FLAG = '--wasm-wrapper-tiering-budget=2147483647';

/** Sets the flag for the whole process; it holds for WebAssembly instantiated afterwards, on any thread. */
export function keepGenericWasmWrappers(): void {
  v8.setFlagsFromString(GENERIC_WASM_WRAPPERS_FLAG);
}
