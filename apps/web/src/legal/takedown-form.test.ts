import { describe, expect, it, vi } from 'vitest';
import { emptyTakedown, submitTakedown, validateTakedown } from './takedown-form.ts';

const filled = {
  reporterName: 'Ada Lovelace',
  reporterEmail: 'ada@example.com',
  contentUrl: 'http://localhost:8080/listen/song-1',
  reason: 'This cover uses my unreleased song without permission.',
};

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
}

describe('takedown form', () => {
  it('requires every field and a valid e-mail', () => {
    expect(validateTakedown(emptyTakedown)).toEqual({
      reporterName: 'validation.required',
      reporterEmail: 'validation.required',
      contentUrl: 'validation.required',
      reason: 'validation.required',
    });
    expect(validateTakedown({ ...filled, reporterEmail: 'ada@' })).toEqual({
      reporterEmail: 'validation.emailInvalid',
    });
    expect(validateTakedown({ ...filled, reason: 'bad' })).toEqual({ reason: 'takedown.reasonTooShort' });
    expect(validateTakedown(filled)).toEqual({});
  });

  it('posts the trimmed notice and returns its reference', async () => {
    const fetchFn = answer(201, { statusCode: 201, data: { id: 'n1', status: 'pending' } });
    await expect(submitTakedown({ ...filled, reporterName: '  Ada Lovelace ' }, fetchFn)).resolves.toEqual({
      kind: 'sent',
      id: 'n1',
    });
    const [url, init] = (fetchFn as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('/api/takedown-notices');
    expect(JSON.parse(init.body)).toEqual(filled);
  });

  it('maps the server\'s "field: message" answer to the field', async () => {
    await expect(
      submitTakedown(filled, answer(400, { statusCode: 400, message: 'reporterEmail: Email is invalid' })),
    ).resolves.toEqual({ kind: 'invalid', field: 'reporterEmail', message: 'Email is invalid' });
    await expect(
      submitTakedown(
        filled,
        answer(400, { statusCode: 400, message: 'We could not find that song on Bops.' }),
      ),
    ).resolves.toEqual({ kind: 'invalid', field: null, message: 'We could not find that song on Bops.' });
  });

  it('tells a rate limit and a network failure apart', async () => {
    await expect(submitTakedown(filled, answer(429, {}))).resolves.toEqual({ kind: 'limited' });
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    await expect(submitTakedown(filled, offline)).resolves.toEqual({ kind: 'failed' });
    await expect(submitTakedown(filled, answer(500, {}))).resolves.toEqual({ kind: 'failed' });
  });
});
