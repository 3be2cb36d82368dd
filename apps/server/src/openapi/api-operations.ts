import { musicItemSchema, SONG_FILE_ACCEPT, createSongCoverBody, songCoverOptionsSchema } from '@bops/shared';
import { deleteAccountBody, deletedAccountSchema } from '@bops/shared/api/account';
import { analyticsBatchBody, analyticsReceiptSchema } from '@bops/shared/api/analytics';
import { signInMethodsSchema } from '@bops/shared/api/auth';
import { artistFileParams, musicFileParams as catalogFileParams } from '@bops/shared/api/catalog';
import {
  createMusicBody,
  createMusicResultSchema,
  creationProgressSchema,
  dailyAllowanceSchema,
  musicSelectionsSchema,
  rapArtistsSchema,
  taskParams,
} from '@bops/shared/api/creation';
import { healthResponse } from '@bops/shared/api/health';
import { generateLyricsBody, generatedLyricsSchema } from '@bops/shared/api/lyrics';
import {
  COVER_PICTURE_FIELD,
  coverFileQuery,
  deletedMusicSchema,
  likeBody,
  likeResultSchema,
  musicFileKinds,
  musicParams,
  renameMusicBody,
  viewResultSchema,
} from '@bops/shared/api/music';
import { libraryQuery, librarySchema } from '@bops/shared/api/library';
import { noticeParams, noticeReadSchema, noticeSchema } from '@bops/shared/api/notice';
import {
  createPlaylistBody,
  deletedPlaylistSchema,
  listPlaylistsQuery,
  playlistParams,
  playlistSchema,
  playlistSummarySchema,
  replaceMusicsBody,
  updatePlaylistBody,
} from '@bops/shared/api/playlist';
import { photoParams, profileSchema, updateProfileBody } from '@bops/shared/api/profile';
import { crashReceiptSchema, crashReportBody, processCountSchema } from '@bops/shared/api/shell';
import { takedownBody, takedownReceiptSchema } from '@bops/shared/api/takedown';
import {
  createVoiceCloneFields,
  updateVoiceCloneBody,
  voiceCloneCreatedSchema,
  voiceCloneDeletedSchema,
  voiceCloneFileParams,
  voiceCloneId,
  voiceCloneItemSchema,
} from '@bops/shared/api/voice-clone';
import { z } from 'zod';

/** Who may call an operation. */
export type Access = 'public' | 'signed-in' | 'optional-session' | 'metrics-token';

/** A file a route streams, by media type (ranges are honoured where the route says so). */
export interface FileAnswer {
  file: string;
}

/** One API operation as the reference describes it; the schemas are the ones the route validates with. */
export interface ApiOperation {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** The route's own pattern (`:name` parameters, `*` for a passed-through subtree). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart form: its text fields and its file fields. */
  multipart?: { fields: z.ZodObject; files: Record<string, { description: string; required: boolean }> };
  /** The `data` of the `{ statusCode, data }` envelope; a file answer; or nothing described beyond the envelope. */
  response?: z.ZodType | FileAnswer;
  /** Status of a success when it is not 200. */
  successStatus?: number;
}

const file = (mediaType: string): FileAnswer => ({ file: mediaType });

/** The files the reference page loads: the reference viewer's script and styles, and the line that starts it. */
export const DOCS_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs-start.js'] as const;
export const docsAssetParams = z.object({ asset: z.enum(DOCS_ASSETS) });

const musicFileParams = musicParams;
/**
 * Every operation the API serves, in the order the reference shows them (docs/PRODUCT.md#api). A test checks this
 * list against the routes the server registers, both ways.
 */
export const apiOperations: ApiOperation[] = [
  // Operations
  {
    method: 'get',
    path: '/api/health',
    tag: 'Operations',
    summary: 'Health of this process',
    description: 'Answers 503 with the same body when the database, storage or queue is failing.',
    access: 'public',
    response: healthResponse,
  },
  {
    method: 'get',
    path: '/api/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics',
    description: 'Off (404) unless the operator sets METRICS_TOKEN; then the bearer token is required.',
    access: 'metrics-token',
    response: file('text/plain'),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Operations',
    summary: 'This API description (OpenAPI 3.1)',
    access: 'public',
    response: file('application/json'),
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Operations',
    summary: 'The API reference page',
    access: 'public',
    response: file('text/html'),
  },
  {
    method: 'get',
    path: '/api/docs/:asset',
    tag: 'Operations',
    summary: "The reference page's script and styles",
    access: 'public',
    params: docsAssetParams,
    response: file('application/javascript'),
  },

  // Sign-in
  {
    method: 'get',
    path: '/api/sign-in/methods',
    tag: 'Sign-in',
    summary: 'How people may sign in here',
    access: 'public',
    response: signInMethodsSchema,
  },
  {
    method: 'get',
    path: '/api/auth/*',
    tag: 'Sign-in',
    summary: 'Session and provider endpoints (read)',
    description:
      'Handled by the sign-in library: `get-session`, `list-accounts`, provider callbacks (`callback/{provider}`), `verify-email?token=…&callbackURL=…` (the link mailed to confirm a new address; redirects to `callbackURL`, with `error=…` when the link is spent or expired). Answers are the library’s own.',
    access: 'optional-session',
  },
  {
    method: 'post',
    path: '/api/auth/*',
    tag: 'Sign-in',
    summary: 'Sign up, sign in, sign out and account security',
    description:
      'Handled by the sign-in library: `sign-up/email` `{name, email, password, acceptedTerms: true}` (400 ' +
      '`TERMS_NOT_ACCEPTED` without the 18-or-older and terms confirmation), `sign-in/email`, `sign-in/social`, `sign-in/oauth2`, `sign-out`; ' +
      '`change-password` `{currentPassword, newPassword}` (ends every other session), `request-password-reset` `{email}` ' +
      '(mails a single-use link for an hour; the same answer whether the address has an account), `reset-password` ' +
      '`{token, newPassword}` (ends every session), `change-email` `{newEmail, callbackURL}` (mails a confirmation link ' +
      'to the new address; accounts with a password only). Bodies: `signUpBody`, `changePasswordBody`, `requestPasswordResetBody`, ' +
      '`resetPasswordBody`, `changeEmailBody` in `@bops/shared/api/auth`. Answers are the library’s own.',
    access: 'optional-session',
  },

  // Profile and account
  {
    method: 'get',
    path: '/api/user/bops_profile',
    tag: 'Profile',
    summary: 'The signed-in person’s profile',
    access: 'signed-in',
    response: profileSchema,
  },
  {
    method: 'post',
    path: '/api/user/bops_profile/update',
    tag: 'Profile',
    summary: 'Change the profile',
    access: 'signed-in',
    body: updateProfileBody,
    response: profileSchema,
  },
  {
    method: 'post',
    path: '/api/user/bops_profile/photo',
    tag: 'Profile',
    summary: 'Set the profile photo',
    description: 'The photo is re-encoded as JPEG with its metadata removed.',
    access: 'signed-in',
    multipart: {
      fields: z.object({}),
      files: { photo: { description: 'JPEG, PNG or WebP image', required: true } },
    },
    response: profileSchema,
  },
  {
    method: 'get',
    path: '/api/user/photos/:userId/:file',
    tag: 'Profile',
    summary: 'A profile photo',
    access: 'public',
    params: photoParams,
    response: file('image/jpeg'),
  },
  {
    method: 'get',
    path: '/api/user/export',
    tag: 'Profile',
    summary: 'Export my data (a zip of my songs, AI singers, playlists and profile)',
    access: 'signed-in',
    response: file('application/zip'),
  },
  {
    method: 'post',
    path: '/api/user/delete_account',
    tag: 'Profile',
    summary: 'Delete my account and everything in it',
    access: 'signed-in',
    body: deleteAccountBody,
    response: deletedAccountSchema,
  },

  // Creating songs
  {
    method: 'get',
    path: '/api/music/rapArtists/v3',
    tag: 'Creating',
    summary: 'The rappers and singers to choose from',
    access: 'public',
    response: rapArtistsSchema,
  },
  {
    method: 'get',
    path: '/api/music/mixMusicSelection_v2',
    tag: 'Creating',
    summary: 'The beats to choose from, and their moods',
    access: 'public',
    response: musicSelectionsSchema,
  },
  {
    method: 'post',
    path: '/api/music/generateLyrics/v3',
    tag: 'Creating',
    summary: 'Write lyrics for a song name and idea',
    access: 'signed-in',
    body: generateLyricsBody,
    response: generatedLyricsSchema,
  },
  {
    method: 'post',
    path: '/api/music/createMusic/v3',
    tag: 'Creating',
    summary: 'Make a rap',
    description: 'Queues the render; counts toward the daily limit (429 when reached).',
    access: 'signed-in',
    body: createMusicBody,
    response: createMusicResultSchema,
  },
  {
    method: 'post',
    path: '/api/music/another_take/:musicId',
    tag: 'Creating',
    summary: 'Another take of one of my raps',
    description:
      'The same words, artist and beat in the next flow style, as a new song "… (take N)". Counts toward the daily limit; 409 until the song is ready.',
    access: 'signed-in',
    params: musicParams,
    response: createMusicResultSchema,
  },
  {
    method: 'get',
    path: '/api/music/song_cover/options',
    tag: 'Creating',
    summary: 'What the song remix form can offer here (can links be imported?)',
    access: 'signed-in',
    response: songCoverOptionsSchema,
  },
  {
    method: 'post',
    path: '/api/music/create_song_cover',
    tag: 'Creating',
    summary: 'Make a song cover in an AI singer’s voice',
    description:
      'JSON with a share link (`source.link`), or multipart with the song file in `song`. Counts toward the daily limit.',
    access: 'signed-in',
    body: createSongCoverBody,
    multipart: {
      fields: createSongCoverBody.omit({ song_url: true }),
      files: { song: { description: `The song (${SONG_FILE_ACCEPT})`, required: true } },
    },
    response: createMusicResultSchema,
  },
  {
    method: 'get',
    path: '/api/music/daily_allowance',
    tag: 'Creating',
    summary: 'How many creations are left today',
    description:
      'Raps and covers started today (UTC) that did not fail count; the count starts again at `resetsAt`.',
    access: 'signed-in',
    response: dailyAllowanceSchema,
  },
  {
    method: 'get',
    path: '/api/music/creations/:taskId',
    tag: 'Creating',
    summary: 'Where a creation stands',
    access: 'signed-in',
    params: taskParams,
    response: creationProgressSchema,
  },
  {
    method: 'get',
    path: '/api/music/creations/:taskId/events',
    tag: 'Creating',
    summary: 'A creation’s progress as server-sent events',
    access: 'signed-in',
    params: taskParams,
    response: file('text/event-stream'),
  },
  {
    method: 'get',
    path: '/api/music/processes',
    tag: 'Creating',
    summary: 'How many of my creations are still rendering',
    access: 'signed-in',
    response: processCountSchema,
  },

  // AI singers
  {
    method: 'post',
    path: '/api/music/voice_clone/create/v2',
    tag: 'AI singers',
    summary: 'Build an AI singer from a voice sample',
    access: 'signed-in',
    multipart: {
      fields: createVoiceCloneFields,
      files: {
        audio: { description: 'The voice sample (WAV, M4A, MP3 or OGG, 20 s or more)', required: true },
        photo: { description: 'A photo for the AI singer', required: false },
      },
    },
    response: voiceCloneCreatedSchema,
  },
  {
    method: 'post',
    path: '/api/music/voice_clone/retrieve',
    tag: 'AI singers',
    summary: 'One of my AI singers',
    access: 'signed-in',
    body: voiceCloneId,
    response: voiceCloneItemSchema,
  },
  {
    method: 'post',
    path: '/api/music/voice_clone/update',
    tag: 'AI singers',
    summary: 'Rename an AI singer',
    access: 'signed-in',
    body: updateVoiceCloneBody,
    response: voiceCloneItemSchema,
  },
  {
    method: 'post',
    path: '/api/music/voice_clone/update_avatar_image',
    tag: 'AI singers',
    summary: 'Set an AI singer’s photo',
    access: 'signed-in',
    multipart: {
      fields: voiceCloneId,
      files: { photo: { description: 'JPEG, PNG or WebP image', required: true } },
    },
    response: voiceCloneItemSchema,
  },
  {
    method: 'post',
    path: '/api/music/voice_clone/delete',
    tag: 'AI singers',
    summary: 'Delete an AI singer',
    access: 'signed-in',
    body: voiceCloneId,
    response: voiceCloneDeletedSchema,
  },
  {
    method: 'get',
    path: '/api/music/voice_clone/:id/sample',
    tag: 'AI singers',
    summary: 'An AI singer’s voice sample',
    access: 'signed-in',
    params: voiceCloneFileParams,
    response: file('audio/wav'),
  },
  {
    method: 'get',
    path: '/api/music/voice_clone/:id/image',
    tag: 'AI singers',
    summary: 'An AI singer’s photo',
    access: 'signed-in',
    params: voiceCloneFileParams,
    response: file('image/jpeg'),
  },

  // Songs
  {
    method: 'get',
    path: '/api/music/getMusic/:musicId',
    tag: 'Songs',
    summary: 'A song I may see',
    access: 'signed-in',
    params: musicParams,
    response: musicItemSchema,
  },
  {
    method: 'get',
    path: '/api/music/shared/:musicId',
    tag: 'Songs',
    summary: 'A public song, for anyone with its link',
    access: 'optional-session',
    params: musicParams,
    response: musicItemSchema,
  },
  {
    method: 'patch',
    path: '/api/music/song/:musicId',
    tag: 'Songs',
    summary: 'Rename one of my songs',
    access: 'signed-in',
    params: musicParams,
    body: renameMusicBody,
    response: musicItemSchema,
  },
  {
    method: 'delete',
    path: '/api/music/song/:musicId',
    tag: 'Songs',
    summary: 'Delete one of my songs',
    description:
      'Its files, playlist entries, likes and listens go too; its share link then answers 404. A song still being made answers 409.',
    access: 'signed-in',
    params: musicParams,
    response: deletedMusicSchema,
  },
  {
    method: 'get',
    path: '/api/music/library',
    tag: 'Songs',
    summary: 'Search and sort my songs and playlists',
    description:
      'My own songs (by title or artist) and playlists (by title) holding `q`, sorted by date, title, likes or listens (a playlist by its songs together); one page of each and the counts.',
    access: 'signed-in',
    query: libraryQuery,
    response: librarySchema,
  },
  {
    method: 'post',
    path: '/api/music/song/:musicId/cover',
    tag: 'Songs',
    summary: 'Set my song’s cover picture',
    description:
      'Re-encoded like a profile photo (square, metadata removed, at most 10 MB); replaces the drawn cover or an earlier picture.',
    access: 'signed-in',
    params: musicParams,
    multipart: {
      fields: z.object({}),
      files: { [COVER_PICTURE_FIELD]: { description: 'JPEG, PNG or WebP image', required: true } },
    },
    response: musicItemSchema,
  },
  {
    method: 'delete',
    path: '/api/music/song/:musicId/cover',
    tag: 'Songs',
    summary: 'Remove my song’s cover picture',
    description: 'The song shows the cover drawn from its title, beat, artist and flow again.',
    access: 'signed-in',
    params: musicParams,
    response: musicItemSchema,
  },
  {
    method: 'post',
    path: '/api/music/social/like/:musicId',
    tag: 'Songs',
    summary: 'Like or unlike a song',
    access: 'signed-in',
    params: musicParams,
    body: likeBody,
    response: likeResultSchema,
  },
  {
    method: 'post',
    path: '/api/music/social/view/:musicId',
    tag: 'Songs',
    summary: 'Count a listen',
    description: 'One listen per listener and song in a window; visitors count on public songs.',
    access: 'optional-session',
    params: musicParams,
    response: viewResultSchema,
  },
  ...musicFileKinds.map((kind): ApiOperation => ({
    method: 'get',
    path: `/api/music/:musicId/${kind}`,
    tag: 'Songs',
    summary: `A song's ${kind} file`,
    description:
      kind === 'cover' || kind === 'thumbnail'
        ? 'The owner’s picture, or one drawn from the song (640 px JPEG cover, 192 px WebP thumbnail). With the current `v` it may be kept for good; private songs answer only their owner.'
        : 'Ranges are honoured for audio; private songs answer only their owner.',
    access: 'optional-session',
    params: musicFileParams,
    ...(kind === 'cover' || kind === 'thumbnail' ? { query: coverFileQuery } : {}),
    response: file(
      kind === 'lyrics'
        ? 'text/plain'
        : kind === 'waveform'
          ? 'application/json'
          : kind === 'cover' || kind === 'thumbnail'
            ? 'image/*'
            : 'audio/mpeg',
    ),
  })),
  {
    method: 'get',
    path: '/audio/musics/:file',
    tag: 'Songs',
    summary: 'A beat’s preview or picture',
    access: 'public',
    params: catalogFileParams,
    response: file('audio/mpeg'),
  },
  {
    method: 'get',
    path: '/audio/artists/:file',
    tag: 'Songs',
    summary: 'An artist’s preview',
    access: 'public',
    params: artistFileParams,
    response: file('audio/mpeg'),
  },

  // Playlists
  {
    method: 'get',
    path: '/api/music/playlists',
    tag: 'Playlists',
    summary: 'My playlists and the instance’s',
    access: 'signed-in',
    query: listPlaylistsQuery,
    response: z.array(playlistSummarySchema),
  },
  {
    method: 'get',
    path: '/api/music/playlist',
    tag: 'Playlists',
    summary: 'Refused: a playlist id is needed',
    access: 'public',
  },
  {
    method: 'get',
    path: '/api/music/playlist/:playlistId',
    tag: 'Playlists',
    summary: 'A playlist with its songs',
    access: 'signed-in',
    params: playlistParams,
    response: playlistSchema,
  },
  {
    method: 'post',
    path: '/api/music/playlist',
    tag: 'Playlists',
    summary: 'Create a playlist',
    access: 'signed-in',
    body: createPlaylistBody,
    response: playlistSchema,
  },
  {
    method: 'patch',
    path: '/api/music/playlist/:playlistId',
    tag: 'Playlists',
    summary: 'Rename, archive, publish or change a playlist',
    access: 'signed-in',
    params: playlistParams,
    body: updatePlaylistBody,
    response: playlistSchema,
  },
  {
    method: 'patch',
    path: '/api/music/playlist/v3/:playlistId',
    tag: 'Playlists',
    summary: 'Replace a playlist’s songs and their order',
    access: 'signed-in',
    params: playlistParams,
    body: replaceMusicsBody,
    response: playlistSchema,
  },
  {
    method: 'delete',
    path: '/api/music/playlist/:playlistId',
    tag: 'Playlists',
    summary: 'Delete a playlist',
    access: 'signed-in',
    params: playlistParams,
    response: deletedPlaylistSchema,
  },
  {
    method: 'get',
    path: '/api/music/shared-playlist',
    tag: 'Playlists',
    summary: 'Refused: a playlist id is needed',
    access: 'public',
  },
  {
    method: 'get',
    path: '/api/music/shared-playlist/:playlistId',
    tag: 'Playlists',
    summary: 'A public playlist, for anyone with its link',
    access: 'optional-session',
    params: playlistParams,
    response: playlistSchema,
  },

  // Notices, reports, analytics
  {
    method: 'get',
    path: '/api/notices',
    tag: 'Notices',
    summary: 'My unread notices',
    access: 'signed-in',
    response: z.array(noticeSchema),
  },
  {
    method: 'post',
    path: '/api/notices/:noticeId/read',
    tag: 'Notices',
    summary: 'Dismiss a notice',
    access: 'signed-in',
    params: noticeParams,
    response: noticeReadSchema,
  },
  {
    method: 'post',
    path: '/api/takedown-notices',
    tag: 'Reports',
    summary: 'Report a song (copyright or guidelines)',
    access: 'public',
    body: takedownBody,
    response: takedownReceiptSchema,
    successStatus: 201,
  },
  {
    method: 'post',
    path: '/api/crash-reports',
    tag: 'Reports',
    summary: 'Report a crash of the web app',
    access: 'optional-session',
    body: crashReportBody,
    response: crashReceiptSchema,
    successStatus: 201,
  },
  {
    method: 'post',
    path: '/api/analytics/events',
    tag: 'Reports',
    summary: 'First-party usage events',
    access: 'optional-session',
    body: analyticsBatchBody,
    response: analyticsReceiptSchema,
    successStatus: 202,
  },
];
