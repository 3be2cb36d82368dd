/** The four feature sections of the landing (docs/PRODUCT.md#what-bops-does), in order, with their preview media under public/landing. */
export const landingFeatures = [
  { id: 'aiSinger', media: 'ai-singer' },
  { id: 'songRemix', media: 'song-remix' },
  { id: 'playlist', media: 'playlist' },
  { id: 'rap', media: 'rap' },
] as const;

export type LandingFeature = (typeof landingFeatures)[number];

export function previewVideoUrl(feature: LandingFeature): string {
  return `/landing/${feature.media}.webm`;
}

export function previewPosterUrl(feature: LandingFeature): string {
  return `/landing/${feature.media}.webp`;
}

/** docs/PRODUCT.md#constants timings of the landing page. */
export const landingTimings = {
  heroFadeMs: 300,
  videoResetMs: 1000,
} as const;

/** docs/PRODUCT.md#states: the hero moves at half the scroll speed, the feature previews at a tenth. */
export const parallaxFactors = { hero: 0.5, preview: 0.1 } as const;
