/** The product key (docs/PRODUCT.md#constants): the profile API is `user/${PRODUCT_KEY}_profile`. */
export const PRODUCT_KEY = 'bops';

export * from './analytics-events.ts';
export * from './flow-styles.ts';
export * from './limits.ts';
export * from './music-api.ts';
export * from './api/song-cover.ts';
