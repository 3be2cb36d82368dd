import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic, makeCoverPicture } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----bops-cover-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const rapContext = {
  voiceCloneIds: [],
  creationType: 'rap' as const,
  singerId: '',
  rapperId: 'mc-volt',
  mixMusicId: 'block-party',
  prompt: '',
  version: '1.0',
  style: 'straight',
};

describe.each(testDatabaseKinds)('song covers on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  const filesOf = async (musicId: string, start: string) =>
    (await runtime.storage.list(`music/${musicId}/`)).filter((key) =>
      key.startsWith(`music/${musicId}/${start}`),
    );

  const drawnSong = (owner: TestUser, name: string, context = rapContext) =>
    buildMusic(runtime, owner, { name, context, coverKey: null, thumbnailKey: null, files: false });

  async function item(user: TestUser, musicId: string): Promise<{ cover: string; thumbnail: string }> {
    return (await inject({ method: 'GET', url: `/api/music/getMusic/${musicId}`, headers: as(user) })).json()
      .data;
  }

  async function publish(owner: TestUser, musicIds: string[]) {
    const created = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(owner),
      payload: { playlistName: 'Out there', private: false },
    });
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${created.json().data.id}`,
      headers: as(owner),
      payload: { musicIds },
    });
  }

  it('draws a cover for a song without a picture: JPEG at cover size, WebP in rows, kept by version', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await drawnSong(owner, 'Night Bus Home');
    const { cover, thumbnail } = await item(owner, song.id);
    expect(cover).toMatch(new RegExp(`^/api/music/${song.id}/cover\\?v=[0-9a-f]{16}$`));

    const big = await inject({ method: 'GET', url: cover, headers: as(owner) });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-type']).toBe('image/jpeg');
    expect(big.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ width: 640, height: 640, format: 'jpeg' });

    const small = await inject({ method: 'GET', url: thumbnail, headers: as(owner) });
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 192, height: 192 });

    // Without the version (or an old one) the browser must ask again each time.
    const plain = await inject({ method: 'GET', url: `/api/music/${song.id}/cover`, headers: as(owner) });
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.rawPayload).toEqual(big.rawPayload);
    const stale = await inject({
      method: 'GET',
      url: `${cover.split('?')[0]}?v=0123456789abcdef`,
      headers: as(owner),
    });
    expect(stale.headers['cache-control']).toBe('private, no-cache');
    const odd = await inject({ method: 'GET', url: `${cover.split('?')[0]}?v=<script>`, headers: as(owner) });
    expect(odd.statusCode).toBe(200);
    expect(odd.headers['cache-control']).toBe('private, no-cache');
  });

  it('draws the same picture for the same song and a different one for another', async () => {
    const owner = await buildUser(runtime.app!);
    const other = await buildUser(runtime.app!);
    const a = await drawnSong(owner, 'Paper Planes');
    const twin = await drawnSong(other, 'Paper Planes');
    const b = await drawnSong(owner, 'Paper Planes', { ...rapContext, style: 'double-time' });
    const c = await drawnSong(owner, 'Paper Planes (take 2)');
    const urls = await Promise.all([
      item(owner, a.id),
      item(other, twin.id),
      item(owner, b.id),
      item(owner, c.id),
    ]);
    const versions = urls.map(({ cover }) => cover.split('?v=')[1]);
    expect(versions[0]).toBe(versions[1]);
    expect(new Set(versions).size).toBe(3);
    const bytes = await Promise.all(
      urls.map(async ({ cover }, i) => {
        const viewer = i === 1 ? other : owner;
        return (await inject({ method: 'GET', url: cover, headers: as(viewer) })).rawPayload;
      }),
    );
    expect(bytes[0]).toEqual(bytes[1]);
    expect(bytes[0]).not.toEqual(bytes[2]);
    expect(bytes[0]).not.toEqual(bytes[3]);
  });

  it('draws anew after a rename and lets the old drawing go', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await drawnSong(owner, 'First Name');
    const before = await item(owner, song.id);
    await inject({ method: 'GET', url: before.cover, headers: as(owner) });
    const renamed = await inject({
      method: 'PATCH',
      url: `/api/music/song/${song.id}`,
      headers: as(owner),
      payload: { musicName: 'Second Name' },
    });
    const after = renamed.json().data as { cover: string };
    expect(after.cover).not.toBe(before.cover);
    expect((await inject({ method: 'GET', url: after.cover, headers: as(owner) })).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    let drawings = await filesOf(song.id, 'art-');
    while (drawings.filter((key) => key.endsWith('-cover.jpg')).length > 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      drawings = await filesOf(song.id, 'art-');
    }
    expect(drawings.filter((key) => key.endsWith('-cover.jpg'))).toEqual([
      `music/${song.id}/art-${after.cover.split('?v=')[1]}-cover.jpg`,
    ]);
  });

  it("follows the song's access rule: someone else's private cover is 404, a public one anyone's", async () => {
    const owner = await buildUser(runtime.app!);
    const stranger = await buildUser(runtime.app!);
    const song = await drawnSong(owner, 'Kept To Myself');
    const { cover, thumbnail } = await item(owner, song.id);
    for (const url of [cover, thumbnail]) {
      expect((await inject({ method: 'GET', url, headers: as(stranger) })).statusCode).toBe(404);
      expect((await inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    await publish(owner, [song.id]);
    for (const url of [cover, thumbnail]) {
      expect((await inject({ method: 'GET', url, headers: as(stranger) })).statusCode).toBe(200);
      expect((await inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it("sets, replaces and removes the owner's own picture, re-encoded without metadata", async () => {
    const owner = await buildUser(runtime.app!);
    const song = await drawnSong(owner, 'Picture This');
    const drawn = await item(owner, song.id);
    const original = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3366ff' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .toBuffer();
    const upload = multipart('cover', 'mine.png', 'image/png', original);
    const set = await inject({
      method: 'POST',
      url: `/api/music/song/${song.id}/cover`,
      headers: as(owner, { 'content-type': upload.contentType }),
      payload: upload.payload,
    });
    expect(set.statusCode).toBe(200);
    const first = set.json().data as { cover: string; thumbnail: string };
    expect(first.cover).not.toBe(drawn.cover);
    const picture = await inject({ method: 'GET', url: first.cover, headers: as(owner) });
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const metadata = await sharp(picture.rawPayload).metadata();
    expect(metadata).toMatchObject({ width: 640, height: 640 });
    expect(metadata.exif).toBeUndefined();
    const { dominant } = await sharp(picture.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(200);
    const row = await inject({ method: 'GET', url: first.thumbnail, headers: as(owner) });
    expect(await sharp(row.rawPayload).metadata()).toMatchObject({ width: 192, format: 'webp' });

    // A second picture replaces the first, whose files go.
    const again = multipart(
      'cover',
      'again.jpg',
      'image/jpeg',
      await makeCoverPicture('jpeg', '#ff0000', 64),
    );
    const replaced = (
      await inject({
        method: 'POST',
        url: `/api/music/song/${song.id}/cover`,
        headers: as(owner, { 'content-type': again.contentType }),
        payload: again.payload,
      })
    ).json().data as { cover: string };
    expect(replaced.cover).not.toBe(first.cover);
    const deadline = Date.now() + 10_000;
    let pictures = await filesOf(song.id, 'cover-');
    while (pictures.length > 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      pictures = await filesOf(song.id, 'cover-');
    }
    expect(pictures).toHaveLength(1);

    const removed = await inject({
      method: 'DELETE',
      url: `/api/music/song/${song.id}/cover`,
      headers: as(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.cover).toBe(drawn.cover);
  });

  it('refuses a picture from anyone but the owner, a file that is no image, and one over 10 MB', async () => {
    const owner = await buildUser(runtime.app!);
    const stranger = await buildUser(runtime.app!);
    const song = await drawnSong(owner, 'Not Yours');
    const image = multipart('cover', 'x.png', 'image/png', await makeCoverPicture('png'));
    const send = (user: TestUser, body: { payload: Buffer; contentType: string }, method = 'POST') =>
      inject({
        method: method as 'POST',
        url: `/api/music/song/${song.id}/cover`,
        headers: as(user, { 'content-type': body.contentType }),
        payload: body.payload,
      });
    expect((await send(stranger, image)).statusCode).toBe(404);
    expect(
      (await inject({ method: 'DELETE', url: `/api/music/song/${song.id}/cover`, headers: as(stranger) }))
        .statusCode,
    ).toBe(404);
    await publish(owner, [song.id]);
    const forbidden = await send(stranger, image);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only the person who made this song can change it.');

    const notImage = await send(
      owner,
      multipart('cover', 'x.png', 'image/png', Buffer.from('no picture here')),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/not an image we can read/);
    const wrongField = await send(
      owner,
      multipart('photo', 'x.png', 'image/png', await makeCoverPicture('png')),
    );
    expect(wrongField.statusCode).toBe(400);
    const huge = await send(
      owner,
      multipart('cover', 'x.png', 'image/png', Buffer.alloc(10 * 1024 * 1024 + 10)),
    );
    expect(huge.statusCode).toBe(413);
    expect(await filesOf(song.id, 'cover-')).toEqual([]);
  });

  it("builds a playlist's cover from its first song's", async () => {
    const owner = await buildUser(runtime.app!);
    const song = await drawnSong(owner, 'Opener');
    const created = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(owner),
      payload: { playlistName: 'Mixtape', private: true },
    });
    const id = created.json().data.id as string;
    const filled = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${id}`,
      headers: as(owner),
      payload: { musicIds: [song.id] },
    });
    expect(filled.json().data.cover).toBe((await item(owner, song.id)).thumbnail);
  });
});
