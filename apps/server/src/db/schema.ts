import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A person with an account. Columns up to `updatedAt` are the ones the auth library manages. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    displayName: text('display_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    dob: text('dob').notNull().default(''),
    customPhotoKey: text('custom_photo_key'),
    status: text('status', { enum: ['active', 'terminated'] })
      .notNull()
      .default('active'),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    /**
     * The lower-cased address of a local (password) account, unique: two sign-ups racing on one address
     * make one account. Null for accounts made through an identity provider, which may share an address.
     */
    localEmail: text('local_email'),
  },
  (t) => [index('users_email_idx').on(t.email), uniqueIndex('users_local_email_idx').on(t.localEmail)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.token), index('sessions_user_idx').on(t.userId)],
);

/** A way to sign in: a local password or an identity provider's (issuer, subject). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
    index('accounts_user_idx').on(t.userId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** An AI singer built from a user's voice sample. */
export const voiceClones = pgTable(
  'voice_clones',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    failureReason: text('failure_reason'),
    sampleKey: text('sample_key'),
    imageKey: text('image_key'),
    modelKey: text('model_key'),
    analysis: jsonb('analysis'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('voice_clones_user_idx').on(t.userId)],
);

/** What a song cover is made from: an uploaded song kept in storage, or a share link fetched by its job. */
export interface CoverSource {
  sourceKey?: string;
  songUrl?: string;
  site?: string;
  shift?: number | 'auto';
  vocalLevel?: number;
}

export interface MusicContext {
  voiceCloneIds: string[];
  creationType: 'rap' | 'song_cover' | 'demo';
  singerId: string;
  rapperId: string;
  mixMusicId: string;
  prompt: string;
  version: string;
  style?: string;
  cover?: CoverSource;
}

/** A song: a creation of a user (or a built-in demo), with its rendered files. */
export const musicItems = pgTable(
  'music_items',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    status: text('status', { enum: ['rendering', 'ready', 'failed'] })
      .notNull()
      .default('rendering'),
    isPrivate: boolean('is_private').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    srcKey: text('src_key'),
    lyricsKey: text('lyrics_key'),
    lyricsText: text('lyrics_text').notNull().default(''),
    thumbnailKey: text('thumbnail_key'),
    coverKey: text('cover_key'),
    waveformKey: text('waveform_key'),
    durationSeconds: doublePrecision('duration_seconds').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    viewsCount: bigint('views_count', { mode: 'number' }).notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    prompt: text('prompt').notNull().default(''),
    context: jsonb('context').$type<MusicContext>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('music_items_owner_idx').on(t.ownerId, t.createdAt),
    index('music_items_views_idx').on(t.viewsCount),
    // A person's library sorted by title, likes or listens reads these in order (`LibraryService`).
    index('music_items_owner_title_idx').on(t.ownerId, sql`lower(${t.name})`),
    index('music_items_owner_likes_idx').on(t.ownerId, t.likesCount),
    index('music_items_owner_views_count_idx').on(t.ownerId, t.viewsCount),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['user', 'default', 'top_songs', 'top_by_views'] })
      .notNull()
      .default('user'),
    isPrivate: boolean('is_private').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_owner_idx').on(t.ownerId),
    uniqueIndex('playlists_one_default_per_user_idx')
      .on(t.ownerId)
      .where(sql`kind = 'default'`),
  ],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    musicId: text('music_id')
      .notNull()
      .references(() => musicItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.musicId] }),
    index('playlist_items_music_idx').on(t.musicId),
  ],
);

export const musicLikes = pgTable(
  'music_likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    musicId: text('music_id')
      .notNull()
      .references(() => musicItems.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.musicId] })],
);

export const musicViews = pgTable(
  'music_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    musicId: text('music_id')
      .notNull()
      .references(() => musicItems.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id'),
    createdAt: createdAt(),
  },
  (t) => [index('music_views_music_idx').on(t.musicId)],
);

/**
 * The last counted listen of each listener (an account, or a visitor's network) to each song: a listen
 * counts only when there is none within the listen window, decided by one upsert, so it holds under
 * concurrency. `listener` is `u:{userId}` or `a:{keyed hash of the visitor's address}`.
 */
export const musicListeners = pgTable(
  'music_listeners',
  {
    musicId: text('music_id')
      .notNull()
      .references(() => musicItems.id, { onDelete: 'cascade' }),
    listener: text('listener').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.musicId, t.listener] })],
);

/** One creation in progress or done: a rap, a song cover or an AI singer build. */
export const creationTasks = pgTable(
  'creation_tasks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['rap', 'song_cover', 'voice_clone'] }).notNull(),
    musicId: text('music_id').references(() => musicItems.id, { onDelete: 'set null' }),
    voiceCloneId: text('voice_clone_id').references(() => voiceClones.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    phase: text('phase').notNull().default(''),
    progress: doublePrecision('progress').notNull().default(0),
    estimationSeconds: integer('estimation_seconds').notNull().default(10),
    error: text('error'),
    createdDay: date('created_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('creation_tasks_user_day_idx').on(t.userId, t.createdDay),
    index('creation_tasks_status_idx').on(t.userId, t.status),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    sessionId: text('session_id'),
    path: text('path').notNull().default(''),
    payload: jsonb('payload').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_name_time_idx').on(t.name, t.createdAt)],
);

export const crashReports = pgTable('crash_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id'),
  message: text('message').notNull(),
  componentStack: text('component_stack').notNull().default(''),
  url: text('url').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
});

export const takedownNotices = pgTable(
  'takedown_notices',
  {
    id: text('id').primaryKey(),
    reporterName: text('reporter_name').notNull(),
    reporterEmail: text('reporter_email').notNull(),
    contentUrl: text('content_url').notNull(),
    musicId: text('music_id'),
    targetUserId: text('target_user_id'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('takedown_notices_target_idx').on(t.targetUserId, t.status)],
);

/** In-app notices ("your AI singer is ready"). */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);

/** Sign-in attempt counters, shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Instance-wide values Bops generates once (such as the session signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
