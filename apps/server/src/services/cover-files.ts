import type { CoverStemFile } from '@bops/shared';

/**
 * Where a cover's files live in storage. The cover MP3 is the song's audio (`srcKey`); its stems sit beside it
 * under fixed names, so the file routes find them from the song alone.
 */
export function coverStemKey(musicId: string, stem: CoverStemFile): string {
  return `music/${musicId}/${stem}.mp3`;
}

/** The uploaded song, kept until its cover is made. */
export function coverSourceKey(musicId: string, extension: string): string {
  return `music/${musicId}/source.${extension}`;
}
