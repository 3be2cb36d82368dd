import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, cookieHeaderFrom, TEST_ORIGIN } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----bops-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(testDatabaseKinds)('sign-in and profile on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { SIGN_IN_RATE_LIMIT: '5' } });
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  it('lists local accounts as the sign-in method when no provider is configured', async () => {
    const response = await inject({ method: 'GET', url: '/api/sign-in/methods' });
    expect(response.json()).toEqual({ statusCode: 200, data: { emailPassword: true, providers: [] } });
  });

  it('sets httpOnly, SameSite=Lax session cookies and rotates the session at sign-in', async () => {
    const user = await buildUser(runtime.app!);
    const signIn = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    expect(setCookies.length).toBeGreaterThan(0);
    for (const cookie of setCookies) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
    }
    const newCookie = cookieHeaderFrom(setCookies);
    expect(newCookie).not.toBe(user.cookie);

    // Both sessions work until signed out; signing out kills the one used.
    expect(
      (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as({ cookie: newCookie }) }))
        .statusCode,
    ).toBe(200);
    const signOut = await inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: as({ cookie: newCookie }),
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const after = await inject({
      method: 'GET',
      url: '/api/user/bops_profile',
      headers: as({ cookie: newCookie }),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please sign in to continue.');
  });

  it('answers the profile in the shape of docs/PRODUCT.md#entities and keeps an update', async () => {
    const user = await buildUser(runtime.app!, { name: 'Dee Jay' });
    const initial = await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(user) });
    expect(initial.json().data).toEqual({
      id: user.id,
      email: user.email,
      displayName: 'Dee Jay',
      firstname: '',
      lastname: '',
      bios: '',
      dob: '',
      profilePhoto: '',
      customPhoto: '',
      voiceclones: [],
    });
    const update = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/update',
      headers: as(user),
      payload: {
        firstname: 'Dee',
        lastname: 'Jay',
        displayName: 'DJ Dee',
        bios: 'I make bops.',
        dob: '',
        email: 'hacker@example.test',
        id: 'x',
      },
    });
    expect(update.statusCode).toBe(200);
    const reread = (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(user) })).json()
      .data;
    expect(reread).toMatchObject({
      firstname: 'Dee',
      lastname: 'Jay',
      displayName: 'DJ Dee',
      bios: 'I make bops.',
      email: user.email,
      id: user.id,
    });
  });

  it('refuses a profile update with a missing required field, saying which', async () => {
    const user = await buildUser(runtime.app!);
    const response = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/update',
      headers: as(user),
      payload: { firstname: 'Dee', lastname: 'Jay', displayName: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('displayName: This field is required');
  });

  it('keeps a profile with only a display name (first and last names are optional, as the form says)', async () => {
    const user = await buildUser(runtime.app!);
    const response = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/update',
      headers: as(user),
      payload: { firstname: '', lastname: '', displayName: 'Just Me', bios: '', dob: '' },
    });
    expect(response.statusCode).toBe(200);
    const profile = await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(user) });
    expect(profile.json().data).toMatchObject({ firstname: '', lastname: '', displayName: 'Just Me' });
  });

  it('refuses a state-changing call from another site', async () => {
    const user = await buildUser(runtime.app!);
    const response = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/update',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: { firstname: 'A', lastname: 'B', displayName: 'C' },
    });
    expect(response.statusCode).toBe(403);
    const noOrigin = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/update',
      headers: { cookie: user.cookie },
      payload: { firstname: 'A', lastname: 'B', displayName: 'C' },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('re-encodes a profile photo and strips its metadata', async () => {
    const user = await buildUser(runtime.app!);
    const original = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#cc66ff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'GPS somewhere' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const body = multipart('photo', 'me.jpg', 'image/jpeg', original);
    const response = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/photo',
      headers: as(user, { 'content-type': body.contentType }),
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().data.customPhoto as string;
    expect(url).toMatch(/^\/api\/user\/photos\/[0-9a-f-]{36}\/photo-[0-9a-f-]{36}\.jpg$/);
    const photo = await inject({ method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(512);
  });

  it('refuses a file that is not an image', async () => {
    const user = await buildUser(runtime.app!);
    const body = multipart('photo', 'me.jpg', 'image/jpeg', Buffer.from('this is not a jpeg at all'));
    const response = await inject({
      method: 'POST',
      url: '/api/user/bops_profile/photo',
      headers: as(user, { 'content-type': body.contentType }),
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not an image we can read/);
  });

  it('rate-limits sign-in attempts', async () => {
    const user = await buildUser(runtime.app!);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.9',
        },
        payload: { email: user.email, password: 'wrong password!' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('answers the process count and takes crash reports', async () => {
    const user = await buildUser(runtime.app!);
    const count = await inject({ method: 'GET', url: '/api/music/processes', headers: as(user) });
    expect(count.json()).toEqual({ statusCode: 200, data: { count: 0 } });
    const crash = await inject({
      method: 'POST',
      url: '/api/crash-reports',
      headers: { origin: TEST_ORIGIN },
      payload: { message: 'boom', componentStack: 'at X', url: 'http://localhost/x', userAgent: 'test' },
    });
    expect(crash.statusCode).toBe(201);
  });
});
