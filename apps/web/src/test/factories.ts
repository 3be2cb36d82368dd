import { musicItemSchema, type MusicItem } from '@bops/shared';
import {
  playlistSchema,
  playlistSummarySchema,
  type Playlist,
  type PlaylistSummary,
} from '@bops/shared/api/playlist';
import { profileSchema, profileVoiceCloneSchema, type Profile } from '@bops/shared/api/profile';

/** An AI singer as the profile lists it. */
export type ProfileVoiceClone = Profile['voiceclones'][number];

/*
 * The server's answers as the web tests need them: whole objects of the shared contract, built in one place and
 * parsed with its schemas, so a test cannot hand the app a shape the server would never send (no `as` casts),
 * and a change to the contract shows here first.
 */

const at = '2026-01-01T00:00:00.000Z';

/** A ready song of Ada's (MC Volt, no beat), as the music routes send it; `extra` sets what the test is about. */
export function aSong(musicId: string, musicName = musicId, extra: Partial<MusicItem> = {}): MusicItem {
  return musicItemSchema.parse({
    musicId,
    musicName,
    src: `/api/music/${musicId}/audio`,
    lyrics: '',
    thumbnail: `/api/music/${musicId}/thumbnail`,
    cover: `/api/music/${musicId}/cover`,
    waveform: '',
    download: `/api/music/${musicId}/download`,
    author: 'Ada',
    email: '',
    duration: 95,
    liked: false,
    likes: 0,
    views: 0,
    archieve: false,
    created: at,
    changed: at,
    prompt: '',
    context: {
      voiceCloneIds: [],
      creationType: 'rap',
      singerId: '',
      rapperId: 'mc-volt',
      mixMusicId: '',
      prompt: '',
      version: '1.0',
    },
    status: 'ready',
    public: false,
    createdBy: 'u1',
    ...extra,
  } satisfies MusicItem);
}

/** A playlist of Ada's as the playlists list sends it (no songs inside). */
export function aPlaylistSummary(
  id: string,
  title: string,
  extra: Partial<PlaylistSummary> = {},
): PlaylistSummary {
  return playlistSummarySchema.parse({
    id,
    title,
    private: false,
    archieve: false,
    isDefault: false,
    kind: 'user',
    numMusics: extra.musicIds?.length ?? 0,
    cover: '/images/default-cover.svg',
    musicId: extra.musicIds?.[0] ?? '',
    musicIds: [],
    createdBy: 'u1',
    created: at,
    changed: at,
    ...extra,
  } satisfies PlaylistSummary);
}

/** A playlist with its songs, as one playlist is read; its ids, count and cover follow the songs given. */
export function aPlaylist(
  id: string,
  title: string,
  musics: MusicItem[],
  extra: Partial<PlaylistSummary> = {},
): Playlist {
  const first = musics[0];
  return playlistSchema.parse({
    ...aPlaylistSummary(id, title, {
      musicIds: musics.map((music) => music.musicId),
      cover: first ? first.thumbnail : '/images/default-cover.svg',
      ...extra,
    }),
    musics,
  } satisfies Playlist);
}

/** One of Ada's AI singers as her profile lists it, ready and without a photo unless `extra` says otherwise. */
export function aVoiceClone(
  id: string,
  nickname: string,
  extra: Partial<ProfileVoiceClone> = {},
): ProfileVoiceClone {
  return profileVoiceCloneSchema.parse({
    voice_clone_id: id,
    voice_clone_nickname: nickname,
    imageFileUrl: '',
    status: 'ready',
    ...extra,
  } satisfies ProfileVoiceClone);
}

/** Ada's profile as `user/bops_profile` sends it; `extra` sets what the test is about (her AI singers, say). */
export function aProfile(extra: Partial<Profile> = {}): Profile {
  return profileSchema.parse({
    id: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    firstname: 'Ada',
    lastname: 'Lovelace',
    bios: '',
    dob: '',
    profilePhoto: '',
    customPhoto: '',
    voiceclones: [],
    ...extra,
  } satisfies Profile);
}
