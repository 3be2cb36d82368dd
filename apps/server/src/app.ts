import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { defaultWebDistDir, registerWebApp } from './http/web-app.ts';
import { registerSameOriginCheck } from './http/same-origin.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { lyricsRoutes } from './routes/lyrics.routes.ts';
import { analyticsRoutes } from './routes/analytics.routes.ts';
import { takedownRoutes } from './routes/takedown.routes.ts';
import { songCoverRoutes } from './routes/song-cover.routes.ts';
import { creationRoutes } from './routes/creation.routes.ts';
import { catalogRoutes } from './routes/catalog.routes.ts';
import { voiceCloneRoutes } from './routes/voice-clone.routes.ts';
import { musicRoutes } from './routes/music.routes.ts';
import { playlistRoutes } from './routes/playlist.routes.ts';
import { libraryRoutes } from './routes/library.routes.ts';
import { linkPreviewRoutes } from './routes/link-preview.routes.ts';
import { profileRoutes } from './routes/profile.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { shellRoutes } from './routes/shell.routes.ts';
import { noticeRoutes } from './routes/notice.routes.ts';
import { metricsRoutes } from './routes/metrics.routes.ts';
import { openApiRoutes } from './routes/openapi.routes.ts';
import { trackRoutes } from './http/route-table.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { Services } from './services/services.ts';
import type { Storage } from './storage/storage.ts';

export interface AppDeps {
  config: Config;
  services: Services;
  storage: Storage;
  logger: FastifyBaseLogger;
  webDistDir?: string;
  /** Present when the operator turned metrics on (METRICS_TOKEN). */
  metrics?: Metrics | null;
}

/** The HTTP application: plugins, error handling, API routes and the web app. No I/O of its own. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  trackRoutes(app);
  registerErrorHandling(app, { bodyLimit: config.bodyLimitBytes });
  const metrics = deps.metrics ?? null;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, not the URL: ids would make a series per song.
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 20 } });
  await app.register(rateLimit, { global: false });
  registerSameOriginCheck(app, { publicUrl: config.publicUrl, publicUrlSet: config.publicUrlSet });

  await app.register(healthRoutes, { services: deps.services });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(openApiRoutes);
  await app.register(authRoutes, { services: deps.services });
  await app.register(profileRoutes, { services: deps.services });
  await app.register(accountRoutes, { services: deps.services });
  await app.register(shellRoutes, { services: deps.services });
  await app.register(lyricsRoutes, { services: deps.services });
  await app.register(analyticsRoutes, { services: deps.services });
  await app.register(takedownRoutes, { services: deps.services });
  await app.register(creationRoutes, { services: deps.services });
  await app.register(songCoverRoutes, { services: deps.services });
  await app.register(catalogRoutes, { services: deps.services });
  await app.register(voiceCloneRoutes, { services: deps.services });
  await app.register(noticeRoutes, { services: deps.services });
  await app.register(musicRoutes, { services: deps.services });
  await app.register(playlistRoutes, { services: deps.services });
  await app.register(libraryRoutes, { services: deps.services });
  await app.register(linkPreviewRoutes, {
    services: deps.services,
    distDir: deps.webDistDir ?? defaultWebDistDir,
    publicUrl: config.publicUrl,
  });

  await registerWebApp(app, { distDir: deps.webDistDir ?? defaultWebDistDir });
  return app;
}
