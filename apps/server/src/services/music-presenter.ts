import type { ViewedMusic } from '../repositories/music.repository.ts';
import type { MusicContext, MusicItem } from '@bops/shared';

/** The cover every song without one shows (served by the web app). */
export const DEFAULT_COVER_PATH = '/images/default-cover.svg';

/** docs/PRODUCT.md#entities: "na" in singer, rapper or mix-music ids counts as empty. */
function idOrEmpty(value: unknown): string {
  return typeof value === 'string' && value !== 'na' ? value : '';
}

export function musicFileUrl(musicId: string, file: string): string {
  return `/api/music/${encodeURIComponent(musicId)}/${file}`;
}

/** The image a song shows in small: its thumbnail, else its cover, else the default cover. */
export function thumbnailUrlOf(music: {
  id: string;
  thumbnailKey: string | null;
  coverKey: string | null;
}): string {
  if (music.thumbnailKey) return musicFileUrl(music.id, 'thumbnail');
  if (music.coverKey) return musicFileUrl(music.id, 'cover');
  return DEFAULT_COVER_PATH;
}

export function coverUrlOf(music: { id: string; coverKey: string | null }): string {
  return music.coverKey ? musicFileUrl(music.id, 'cover') : DEFAULT_COVER_PATH;
}

function contextOf(raw: unknown, prompt: string): MusicContext {
  const context = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const voiceCloneIds = Array.isArray(context.voiceCloneIds)
    ? context.voiceCloneIds.map(idOrEmpty).filter((id) => id !== '')
    : [];
  return {
    voiceCloneIds,
    creationType: typeof context.creationType === 'string' ? context.creationType : '',
    singerId: idOrEmpty(context.singerId),
    rapperId: idOrEmpty(context.rapperId),
    mixMusicId: idOrEmpty(context.mixMusicId),
    prompt: typeof context.prompt === 'string' ? context.prompt : prompt,
    version: typeof context.version === 'string' && context.version !== '' ? context.version : '1.0',
  };
}

/**
 * A song as the API sends it. Every file URL points at a route that checks access again, so a URL
 * copied out of a private song's answer is useless to anyone but its owner. Parts a song lacks are
 * empty strings (docs/PRODUCT.md#validation); images fall back to the default cover.
 */
export function presentMusic(viewed: ViewedMusic, viewerId: string | null): MusicItem {
  const { music } = viewed;
  const isOwner = viewerId !== null && music.ownerId === viewerId;
  const hasAudio = music.status === 'ready' && music.srcKey !== null;
  return {
    musicId: music.id,
    musicName: music.name,
    src: hasAudio ? musicFileUrl(music.id, 'audio') : '',
    lyrics: music.lyricsKey || music.lyricsText ? musicFileUrl(music.id, 'lyrics') : '',
    thumbnail: thumbnailUrlOf(music),
    cover: coverUrlOf(music),
    waveform: music.waveformKey ? musicFileUrl(music.id, 'waveform') : '',
    download: hasAudio ? musicFileUrl(music.id, 'download') : '',
    author: music.author,
    email: isOwner ? music.contactEmail : '',
    duration: music.durationSeconds,
    liked: viewed.liked,
    likes: music.likesCount,
    views: music.viewsCount,
    archieve: music.archived,
    created: music.createdAt.toISOString(),
    changed: music.updatedAt.toISOString(),
    prompt: music.prompt,
    context: contextOf(music.context, music.prompt),
    status: music.status,
    public: viewed.isPublic,
    createdBy: music.ownerId ?? '',
    ...(hasAudio && music.context.creationType === 'song_cover'
      ? {
          stems: {
            vocals: musicFileUrl(music.id, 'vocals'),
            accompaniment: musicFileUrl(music.id, 'accompaniment'),
          },
        }
      : {}),
  };
}
