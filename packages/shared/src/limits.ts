/** Longest lyrics a rap takes, in characters (form and API). */
export const LYRICS_MAX_CHARS = 3000;

/** docs/PRODUCT.md#constants: the estimation shown is the server's estimate plus this many seconds. */
export const ESTIMATION_EXTRA_SECONDS = 2;

/** Largest voice-sample file an AI singer is built from, recorded or uploaded (form, API and engine). */
export const VOICE_SAMPLE_MAX_BYTES = 25 * 1024 * 1024;
