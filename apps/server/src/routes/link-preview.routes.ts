import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IndexHtmlReader, truncateCaption, withLinkPreview, type LinkPreview } from '../http/link-preview.ts';
import { COVER_ART_SIZES } from '../images/cover-art.ts';
import type { Services } from '../services/services.ts';
import { musicParams } from '@bops/shared/api/music';
import { playlistParams } from '@bops/shared/api/playlist';

const SLOGAN = 'Make your own Bops';

/**
 * The pages share links open (`/listen/{musicId}`, `/shared/{playlistId}`, `/top-songs/{musicId}`) get
 * the song's or playlist's title and cover as link-preview tags when it is public. Anything else (a
 * private or missing id) gets the plain app page, so a preview reveals nothing.
 */
export async function linkPreviewRoutes(
  app: FastifyInstance,
  options: { services: Services; distDir: string; publicUrl: string },
): Promise<void> {
  const { services } = options;
  const index = new IndexHtmlReader(path.join(options.distDir, 'index.html'));
  const absolute = (urlPath: string) => new URL(urlPath, options.publicUrl).toString();

  async function sendPage(request: FastifyRequest, reply: FastifyReply, preview: LinkPreview | null) {
    const html = await index.read();
    // Not built: the web app's own fallback explains what to do.
    if (html === null) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(preview ? withLinkPreview(html, preview) : html);
  }

  async function songPreview(musicId: string, pagePath: string): Promise<LinkPreview | null> {
    const song = await services.music.findPublic(musicId);
    if (!song) return null;
    return {
      title: `Listen "${song.musicName}"`,
      description: truncateCaption(song.author ? `By ${song.author}. ${SLOGAN}` : SLOGAN),
      url: absolute(pagePath),
      image: absolute(song.cover),
      imageSize: COVER_ART_SIZES.cover,
      type: 'music.song',
      ...(song.src ? { audio: absolute(song.src) } : {}),
    };
  }

  for (const prefix of ['/listen', '/top-songs']) {
    app.get(`${prefix}/:musicId`, async (request, reply) => {
      const params = musicParams.safeParse(request.params);
      const preview = params.success
        ? await songPreview(params.data.musicId, `${prefix}/${params.data.musicId}`)
        : null;
      return sendPage(request, reply, preview);
    });
  }

  app.get('/shared/:playlistId', async (request, reply) => {
    const params = playlistParams.safeParse(request.params);
    const playlist = params.success ? await services.playlists.findPublic(params.data.playlistId) : null;
    const preview: LinkPreview | null = playlist && {
      title: `Listen "${playlist.title}"`,
      description: truncateCaption(
        `${playlist.numMusics} ${playlist.numMusics === 1 ? 'song' : 'songs'}. ${SLOGAN}`,
      ),
      url: absolute(`/shared/${playlist.id}`),
      image: absolute(playlist.musics[0]?.cover ?? playlist.cover),
      ...(playlist.musics[0] ? { imageSize: COVER_ART_SIZES.cover } : {}),
      type: 'music.playlist',
    };
    return sendPage(request, reply, preview);
  });
}
