import type { Config } from '../config/config.ts';

export interface ChatAsk {
  /** What the model is and how it must answer. */
  system: string;
  /** The person's request. */
  user: string;
  temperature: number;
  maxTokens: number;
}

/** What the services need of a language model: one answer to one ask, or a rejection. */
export interface LanguageModel {
  /** The model's text; rejects on an error status, an answer without text, or no answer in time. */
  chat(ask: ChatAsk): Promise<string>;
}

/** The operator's OpenAI-compatible chat endpoint (`LLM_BASE_URL`). */
export class LanguageModelRepository implements LanguageModel {
  readonly #llm: NonNullable<Config['llm']>;

  constructor(llm: NonNullable<Config['llm']>) {
    this.#llm = llm;
  }

  /** The configured endpoint, or null when the operator configured none. */
  static fromConfig(config: Pick<Config, 'llm'>): LanguageModelRepository | null {
    return config.llm ? new LanguageModelRepository(config.llm) : null;
  }

  async chat(ask: ChatAsk): Promise<string> {
    const llm = this.#llm;
    const response = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      signal: AbortSignal.timeout(llm.timeoutMs),
      body: JSON.stringify({
        model: llm.model,
        temperature: ask.temperature,
        max_tokens: ask.maxTokens,
        messages: [
          { role: 'system', content: ask.system },
          { role: 'user', content: ask.user },
        ],
      }),
    });
    if (!response.ok) throw new Error(`the language model answered HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the language model gave no text');
    return content;
  }
}
