import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import type { MusicRow } from '../repositories/music.repository.ts';
import { coverArtVersion, type CoverArtInputs, type CoverArtSize } from '../images/cover-art.ts';

const artistNames = new Map(listArtists().map((artist) => [artist.id, artist.name]));
const beats = new Map(listMusicSelections().map((beat) => [beat.id, beat]));

/** The song fields a cover depends on. */
export type SongArtFields = Pick<
  MusicRow,
  'id' | 'name' | 'author' | 'context' | 'coverKey' | 'thumbnailKey'
>;

/** A picture the owner set, or null. Demo songs of older instances kept a drawn SVG here: that is no picture. */
export function customCoverKey(music: Pick<MusicRow, 'coverKey'>): string | null {
  return music.coverKey && !music.coverKey.endsWith('.svg') ? music.coverKey : null;
}

/**
 * What a song's drawn cover shows: its title, the built-in artist whose flow it uses (or, when an AI singer
 * or a person's own voice performs, the person who made it), the beat and its mood, and the flow style.
 */
export function songArtInputs(music: Pick<MusicRow, 'name' | 'author' | 'context'>): CoverArtInputs {
  const context = music.context;
  const beat = beats.get(context.mixMusicId);
  const builtIn = artistNames.get(context.rapperId) ?? artistNames.get(context.singerId) ?? '';
  const ownVoice = context.voiceCloneIds.length > 0 || context.creationType === 'song_cover';
  return {
    title: music.name,
    artist: ownVoice ? music.author || builtIn : builtIn || music.author,
    beat: beat?.title ?? '',
    mood: beat?.moodId ?? '',
    style: context.style ?? '',
  };
}

/** The cover's version: the uploaded picture's id, or the hash of what the drawn one shows. */
export function songArtVersion(music: SongArtFields): string {
  const custom = customCoverKey(music);
  if (custom) return /cover-([0-9a-f-]+)\./.exec(custom)?.[1]?.replaceAll('-', '').slice(0, 16) ?? 'custom';
  return coverArtVersion(songArtInputs(music));
}

/** Where a drawn cover of this version and size is kept (under the song's files, so it goes with them). */
export function drawnArtKey(musicId: string, version: string, size: CoverArtSize): string {
  return `music/${musicId}/art-${version}-${size}.${size === 'cover' ? 'jpg' : 'webp'}`;
}

/** The cover's URL: versioned, so a browser may keep it until the picture changes. */
export function songArtUrl(music: SongArtFields, size: CoverArtSize): string {
  return `/api/music/${encodeURIComponent(music.id)}/${size}?v=${songArtVersion(music)}`;
}
