import { describe, expect, it } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createEnvelopeBaseQuery, unwrapEnvelope } from './envelope-base-query.ts';
import { mockFetch } from '../test/test-app.tsx';

const api = { signal: new AbortController().signal } as BaseQueryApi;

describe('unwrapEnvelope', () => {
  it('returns data when the body has it', () => {
    expect(unwrapEnvelope({ statusCode: 200, data: { count: 2 } })).toEqual({ data: { count: 2 } });
    expect(unwrapEnvelope({ statusCode: 201, data: null })).toEqual({ data: null });
  });

  it('returns the body itself when it has no data', () => {
    expect(unwrapEnvelope({ statusCode: 200, lyrics: 'la' })).toEqual({
      data: { statusCode: 200, lyrics: 'la' },
    });
    expect(unwrapEnvelope('plain text')).toEqual({ data: 'plain text' });
    expect(unwrapEnvelope([1, 2])).toEqual({ data: [1, 2] });
  });

  it('fails a statusCode outside 200-299 with "Error status: {code}"', () => {
    expect(unwrapEnvelope({ statusCode: 404, data: {} })).toEqual({
      error: { status: 404, message: 'Error status: 404' },
    });
    expect(unwrapEnvelope({ statusCode: 199 })).toEqual({
      error: { status: 199, message: 'Error status: 199' },
    });
    expect(unwrapEnvelope({ statusCode: 300, message: 'moved' })).toEqual({
      error: { status: 300, message: 'Error status: 300', detail: 'moved' },
    });
  });

  it('accepts the edges of the success range', () => {
    expect(unwrapEnvelope({ statusCode: 200, data: 1 })).toEqual({ data: 1 });
    expect(unwrapEnvelope({ statusCode: 299, data: 2 })).toEqual({ data: 2 });
  });
});

describe('createEnvelopeBaseQuery', () => {
  it('calls our own /api with same-origin credentials and unwraps data', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/processes': { body: { statusCode: 200, data: { count: 3 } } },
    });
    const query = createEnvelopeBaseQuery({ fetchFn });
    expect(await query('music/processes', api, {})).toEqual({ data: { count: 3 } });
    expect(calls[0]?.url).toBe('/api/music/processes');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
  });

  it('sends objects as JSON and FormData as multipart', async () => {
    const { fetchFn, calls } = mockFetch({
      'POST /api/a': { body: { statusCode: 200, data: 'ok' } },
      'POST /api/b': { body: { statusCode: 200, data: 'ok' } },
    });
    const query = createEnvelopeBaseQuery({ fetchFn });
    await query({ url: 'a', method: 'POST', body: { x: 1 } }, api, {});
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'p.png');
    await query({ url: 'b', method: 'POST', body: form }, api, {});
    expect(calls[0]?.init?.body).toBe('{"x":1}');
    expect((calls[0]?.init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(calls[1]?.init?.body).toBe(form);
    expect((calls[1]?.init?.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('adds query parameters, leaving out undefined ones', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: [] } },
    });
    await createEnvelopeBaseQuery({ fetchFn })(
      { url: 'music/playlists', params: { t: 5, skip: undefined } },
      api,
      {},
    );
    expect(calls[0]?.url).toBe('/api/music/playlists?t=5');
  });

  it('fails an HTTP error with the wording of docs/PRODUCT.md#api and keeps the server message as detail', async () => {
    const { fetchFn } = mockFetch({
      'GET /api/user/bops_profile': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Sign in first.' },
      },
    });
    expect(await createEnvelopeBaseQuery({ fetchFn })('user/bops_profile', api, {})).toEqual({
      error: { status: 401, message: 'Error status: 401', detail: 'Sign in first.' },
    });
  });

  it('fails a 200 answer whose body says otherwise', async () => {
    const { fetchFn } = mockFetch({ 'GET /api/x': { body: { statusCode: 500, data: null } } });
    expect(await createEnvelopeBaseQuery({ fetchFn })('x', api, {})).toEqual({
      error: { status: 500, message: 'Error status: 500' },
    });
  });

  it('reports network failures and unreadable bodies', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await createEnvelopeBaseQuery({ fetchFn: offline })('x', api, {})).toEqual({
      error: { status: 'FETCH_ERROR', message: 'Failed to fetch' },
    });
    const html = (async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch;
    const result = await createEnvelopeBaseQuery({ fetchFn: html })('x', api, {});
    expect(result).toMatchObject({ error: { status: 'PARSE_ERROR' } });
  });
});
