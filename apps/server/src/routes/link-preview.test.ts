import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truncateCaption } from '../http/link-preview.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { makeTempDir, startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Bops: make your own songs with AI." />
    <title>Bops AI</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe.each(testDatabaseKinds)('link previews on %s', (kind) => {
  let runtime: TestRuntime;
  let distDir: string;
  let owner: TestUser;
  beforeAll(async () => {
    distDir = await makeTempDir('bops-dist-');
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    runtime = await startTestRuntime(kind, { start: { webDistDir: distDir } });
    owner = await buildUser(runtime.app!);
  });
  afterAll(async () => {
    await runtime?.destroy();
    await fs.rm(distDir, { recursive: true, force: true });
  });
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  async function publicPlaylist(title: string, musicIds: string[]) {
    const created = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(owner),
      payload: { playlistName: title, private: false },
    });
    const id = created.json().data.id as string;
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${id}`,
      headers: as(owner),
      payload: { musicIds },
    });
    return id;
  }

  it('describes a public song with its title, author, cover and audio, escaped', async () => {
    const song = await buildMusic(runtime, owner, { name: 'Rock & "Roll" <Bop>', author: 'DJ <Test>' });
    await publicPlaylist('Showcase', [song.id]);
    const response = await inject({ method: 'GET', url: `/listen/${song.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const origin = runtime.config.publicUrl.replace(/\/$/, '');
    expect(html).toContain('<title>Listen &quot;Rock &amp; &quot;Roll&quot; &lt;Bop&gt;&quot;</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Listen &quot;Rock &amp; &quot;Roll&quot; &lt;Bop&gt;&quot;" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="By DJ &lt;Test&gt;. Make your own Bops" />',
    );
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${origin}/api/music/${song.id}/cover\\?v=[0-9a-f]{16}" />`,
      ),
    );
    expect(html).toContain(`<meta property="og:audio" content="${origin}/api/music/${song.id}/audio" />`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/listen/${song.id}" />`);
    expect(html).toContain('<meta property="og:type" content="music.song" />');
    // Still the same app: one description, the module script, no inline script.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('gives a private or unknown song the plain page, revealing nothing', async () => {
    const song = await buildMusic(runtime, owner, { name: 'Secret demo' });
    for (const url of [`/listen/${song.id}`, '/listen/no-such-song', '/shared/no-such-playlist']) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it("takes a visitor from a song's share link to its page, its data and its sound; a private song stays 404", async () => {
    const shared = await buildMusic(runtime, owner, { name: 'Open Bop' });
    const hidden = await buildMusic(runtime, owner, { name: 'Closed Bop' });
    await publicPlaylist('Out loud', [shared.id]);
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    // Signed out throughout: no cookie on any request.
    const link = await inject({ method: 'GET', url: `/api/music/shared/${shared.id}`, headers: browser });
    expect(link.statusCode).toBe(303);
    expect(link.headers.location).toBe(`/listen/${shared.id}`);
    const page = await inject({ method: 'GET', url: `/listen/${shared.id}`, headers: browser });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('og:audio');
    const data = await inject({ method: 'GET', url: `/api/music/shared/${shared.id}` });
    expect(data.statusCode).toBe(200);
    const item = data.json().data as { musicName: string; src: string; email: string };
    expect(item).toMatchObject({ musicName: 'Open Bop', src: `/api/music/${shared.id}/audio`, email: '' });
    const audio = await inject({ method: 'GET', url: item.src, headers: { range: 'bytes=0-' } });
    expect([200, 206]).toContain(audio.statusCode);
    expect(audio.headers['content-type']).toMatch(/^audio\//);
    expect(audio.rawPayload.length).toBeGreaterThan(0);
    for (const url of [
      `/api/music/shared/${hidden.id}`,
      `/api/music/${hidden.id}/audio`,
      `/api/music/${hidden.id}/cover`,
      '/api/music/shared/no-such-song',
    ]) {
      const refused = await inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
    }
    expect((await inject({ method: 'GET', url: `/listen/${hidden.id}`, headers: browser })).body).toBe(
      INDEX_HTML,
    );
  });

  it('describes a public playlist with its song count and first cover; not an archived one', async () => {
    const a = await buildMusic(runtime, owner);
    const b = await buildMusic(runtime, owner, { coverKey: null, thumbnailKey: null });
    const id = await publicPlaylist('Summer Bops', [a.id, b.id]);
    const origin = runtime.config.publicUrl.replace(/\/$/, '');
    const html = (await inject({ method: 'GET', url: `/shared/${id}` })).body;
    expect(html).toContain('<meta property="og:title" content="Listen &quot;Summer Bops&quot;" />');
    expect(html).toContain('<meta property="og:description" content="2 songs. Make your own Bops" />');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="${origin}/api/music/${a.id}/cover\\?v=[0-9a-f]{16}" />`),
    );
    expect(html).toContain('<meta property="og:type" content="music.playlist" />');
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${id}`,
      headers: as(owner),
      payload: { archieve: true },
    });
    expect((await inject({ method: 'GET', url: `/shared/${id}` })).body).toBe(INDEX_HTML);
  });

  it('shows the cover drawn for a song without a picture, a JPEG any preview can read', async () => {
    const song = await buildMusic(runtime, owner, { coverKey: null, thumbnailKey: null });
    await publicPlaylist('Plain', [song.id]);
    const origin = runtime.config.publicUrl.replace(/\/$/, '');
    const html = (await inject({ method: 'GET', url: `/listen/${song.id}` })).body;
    const image = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)?.[1] ?? '';
    expect(image).toMatch(new RegExp(`^${origin}/api/music/${song.id}/cover\\?v=[0-9a-f]{16}$`));
    const picture = await inject({ method: 'GET', url: image.slice(origin.length) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(html).toContain('<meta property="og:image:width" content="640" />');
  });

  it('cuts captions at 140 characters with "..."', () => {
    expect(truncateCaption('a'.repeat(150))).toBe(`${'a'.repeat(140)}...`);
    expect(truncateCaption('  short\n text ')).toBe('short text');
  });
});
