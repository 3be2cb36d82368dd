/** Longest lyrics a rap takes, in characters (form and API). */
export const LYRICS_MAX_CHARS = 3000;

/** docs/PRODUCT.md#constants: the estimation shown is the server's estimate plus this many seconds. */
export const ESTIMATION_EXTRA_SECONDS = 2;

/** Largest voice-sample file an AI singer is built from, recorded or uploaded (form, API and engine). */
export const VOICE_SAMPLE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The shortest and longest voice sample an AI singer is built from, in seconds (docs/PRODUCT.md#validation). The
 * recorder counts to the first and stops at the second; the engine refuses a sample outside them.
 */
export const VOICE_SAMPLE_MIN_SECONDS = 20;
export const VOICE_SAMPLE_MAX_SECONDS = 5 * 60;

/** Largest picture a person uploads (profile photo, AI singer photo, a song's own cover), form and API. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The picture types the forms offer and the refusal names; the server reads the picture itself to be sure. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
