import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer } from '../test/fake-model-server.ts';
import { LanguageModelRepository } from './language-model.repository.ts';

describe('LanguageModelRepository', () => {
  let server: Awaited<ReturnType<typeof startFakeModelServer>>;
  let model: LanguageModelRepository;
  const ask = { system: 'You write lyrics.', user: 'Title: Test Song', temperature: 0.9, maxTokens: 700 };

  beforeAll(async () => {
    server = await startFakeModelServer({ status: 200, body: {} });
    model = new LanguageModelRepository({
      baseUrl: server.url,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 300,
    });
  });
  afterAll(() => server?.close());

  it('posts the ask to the chat endpoint with the key and model, and answers its text', async () => {
    Object.assign(server.answer, {
      status: 200,
      delayMs: 0,
      body: { choices: [{ message: { content: 'Hi' } }] },
    });
    expect(await model.chat(ask)).toBe('Hi');
    expect(server.requests.at(-1)).toEqual({
      url: '/v1/chat/completions',
      auth: 'Bearer sk-test',
      body: {
        model: 'test-model',
        temperature: 0.9,
        max_tokens: 700,
        messages: [
          { role: 'system', content: 'You write lyrics.' },
          { role: 'user', content: 'Title: Test Song' },
        ],
      },
    });
  });

  it('sends no authorization when the operator set no key', async () => {
    Object.assign(server.answer, {
      status: 200,
      delayMs: 0,
      body: { choices: [{ message: { content: 'Hi' } }] },
    });
    const keyless = new LanguageModelRepository({
      baseUrl: server.url,
      apiKey: null,
      model: 'm',
      timeoutMs: 300,
    });
    await keyless.chat(ask);
    expect(server.requests.at(-1)!.auth).toBeUndefined();
  });

  it.each([
    ['an error status', { status: 500, body: { error: 'down' } }, /answered HTTP 500/],
    ['an answer without text', { status: 200, body: { nothing: true } }, /gave no text/],
    [
      'no answer in time',
      { status: 200, body: { choices: [{ message: { content: 'late' } }] }, delayMs: 1000 },
      /timeout/i,
    ],
  ])('rejects %s', async (_what, answer, reason) => {
    Object.assign(server.answer, { delayMs: 0 }, answer);
    await expect(model.chat(ask)).rejects.toThrow(reason);
  });

  it('exists only when the operator configured a model', () => {
    expect(LanguageModelRepository.fromConfig({ llm: null })).toBeNull();
    const llm = { baseUrl: server.url, apiKey: null, model: 'm', timeoutMs: 300 };
    expect(LanguageModelRepository.fromConfig({ llm })).toBeInstanceOf(LanguageModelRepository);
  });
});
