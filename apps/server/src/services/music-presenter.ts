import type { ViewedMusic } from '../repositories/music.repository.ts';
import type { MusicContext, MusicItem } from '@bops/shared';
import { songArtInputs, songArtUrl } from './song-art.ts';

/** The cover an empty playlist shows (served by the web app); every song has its own. */
export const DEFAULT_COVER_PATH = '/images/default-cover.svg';

/** docs/PRODUCT.md#entities: "na" in singer, rapper or mix-music ids counts as empty. */
function idOrEmpty(value: unknown): string {
  return typeof value === 'string' && value !== 'na' ? value : '';
}

export function musicFileUrl(musicId: string, file: string): string {
  return `/api/music/${encodeURIComponent(musicId)}/${file}`;
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

function creditsOf(music: ViewedMusic['music']): { artist: string; beat: string } {
  const { artist, beat } = songArtInputs(music);
  return { artist, beat };
}

/**
 * A song as the API sends it. Every file URL points at a route that checks access again, so a URL
 * copied out of a private song's answer is useless to anyone but its owner. Parts a song lacks are
 * empty strings (docs/PRODUCT.md#validation); every song has a cover, drawn when its owner set none.
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
    thumbnail: songArtUrl(music, 'thumbnail'),
    cover: songArtUrl(music, 'cover'),
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
    credits: creditsOf(music),
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
