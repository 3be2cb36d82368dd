import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser } from '../test/factories.ts';
import { startFakeModelServer } from '../test/fake-model-server.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('lyrics generation on %s', (kind) => {
  let runtime: TestRuntime;
  let model: Awaited<ReturnType<typeof startFakeModelServer>>;

  beforeAll(async () => {
    model = await startFakeModelServer({ status: 200, body: {} });
    runtime = await startTestRuntime(kind, {
      env: {
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'test-model',
        LLM_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await runtime?.destroy();
    await model?.close();
  });

  const ask = async (payload: unknown) => {
    const user = await buildUser(runtime.app!);
    return runtime.app!.inject({
      method: 'POST',
      url: '/api/music/generateLyrics/v3',
      headers: as(user),
      payload: payload as object,
    });
  };

  it('uses the configured language model and cleans its answer', async () => {
    model.answer.status = 200;
    model.answer.body = {
      choices: [
        {
          message: {
            content: '[Verse]\nLine one of the verse right here\nLine two rhymes with it, yeah we clear',
          },
        },
      ],
    };
    const response = await ask({ musicName: 'Test Song', context: 'about testing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      data: 'Line one of the verse right here\nLine two rhymes with it, yeah we clear',
    });
    const request = model.requests.at(-1) as {
      url: string;
      auth: string;
      body: { model: string; messages: Array<{ content: string }> };
    };
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.auth).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(request.body.messages.at(-1)!.content).toContain('Test Song');
  });

  it('tells the language model the rap style and the line length it fits, and refuses an unknown style', async () => {
    model.answer.status = 200;
    model.answer.body = {
      choices: [{ message: { content: 'Fast lines for a fast flow tonight\nWe keep it moving' } }],
    };
    expect((await ask({ musicName: 'Quick', context: 'speed', style: 'double-time' })).statusCode).toBe(200);
    const request = model.requests.at(-1) as { body: { messages: Array<{ content: string }> } };
    expect(request.body.messages[0]!.content).toContain('12 to 19 syllables');
    expect(request.body.messages.at(-1)!.content).toContain('Flow: double time');
    const unknown = await ask({ musicName: 'Quick', context: 'speed', style: 'polka' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^style: Please choose one of these styles: straight, /);
  });

  // Each way the model can fail is covered where it is decided: the repository's rejections in
  // language-model.repository.test.ts, the fallback in lyrics.service.test.ts. This one proves the wiring.
  it('answers with the built-in writer when the model fails', async () => {
    Object.assign(model.answer, { status: 500, body: { error: 'down' } });
    const response = await ask({ musicName: 'Fallback Song', context: 'ocean' });
    expect(response.statusCode).toBe(200);
    const lyrics = response.json().data as string;
    expect(lyrics.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(12);
    expect(lyrics).toContain('Fallback Song');
  });

  it('requires a title and sign-in', async () => {
    const missing = await ask({ musicName: '  ', context: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('musicName: This field is required');
    const visitor = await runtime.app!.inject({
      method: 'POST',
      url: '/api/music/generateLyrics/v3',
      headers: { origin: 'http://localhost:8080' },
      payload: { musicName: 'x' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
