import type { ChatAsk, LanguageModel } from '../repositories/language-model.repository.ts';

/**
 * Service tests without a runtime: a service is built from in-memory fakes of the repositories and
 * ports it uses, so a rule that needs no database or HTTP is checked in milliseconds. Rules about stored
 * data stay in the tests that run the real database (test-runtime.ts).
 */

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  data: unknown;
  message: string | undefined;
}

/** A logger that keeps what it is told, so a test can check that a fallback says why. */
export class RecordingLogger {
  readonly entries: LogEntry[] = [];
  info = this.#record('info');
  warn = this.#record('warn');
  error = this.#record('error');

  #record(level: LogEntry['level']) {
    return (data: unknown, message?: string, ..._args: unknown[]): void => {
      this.entries.push({ level, data, message: typeof data === 'string' ? data : message });
    };
  }

  messages(level: LogEntry['level']): Array<string | undefined> {
    return this.entries.filter((entry) => entry.level === level).map((entry) => entry.message);
  }
}

/** A language model whose next answers a test sets: a text, a rejection, or silence until the test ends. */
export class FakeLanguageModel implements LanguageModel {
  readonly asks: ChatAsk[] = [];
  #next: Array<() => Promise<string>> = [];

  answers(text: string): this {
    this.#next.push(() => Promise.resolve(text));
    return this;
  }

  fails(error: Error): this {
    this.#next.push(() => Promise.reject(error));
    return this;
  }

  /** What the real repository does when the endpoint is silent past `LLM_TIMEOUT_MS`. */
  timesOut(): this {
    return this.fails(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }

  chat(ask: ChatAsk): Promise<string> {
    this.asks.push(ask);
    const next = this.#next.shift();
    if (!next)
      return Promise.reject(new Error('the fake language model was asked more than the test set up'));
    return next();
  }
}

/** A part the health check probes (database, storage, queue): it answers, fails, or never answers. */
export class FakeProbe {
  state: 'ok' | 'failing' | 'silent' = 'ok';
  calls = 0;

  run(): Promise<void> {
    this.calls++;
    if (this.state === 'failing') return Promise.reject(new Error('the part is down'));
    if (this.state === 'silent') return new Promise<void>(() => {});
    return Promise.resolve();
  }
}

export interface TestFakes {
  logger: RecordingLogger;
  languageModel: FakeLanguageModel;
  database: FakeProbe;
  storage: FakeProbe;
  queue: FakeProbe;
}

/**
 * Builds a service from fresh fakes: `deps` picks (and adapts) the ones the service takes. The fakes come
 * back with it, so a test sets their answers and reads what the service asked of them.
 */
export function newTestService<S, D>(
  Service: new (deps: D) => S,
  deps: (fakes: TestFakes) => D,
): { sut: S; fakes: TestFakes } {
  const fakes: TestFakes = {
    logger: new RecordingLogger(),
    languageModel: new FakeLanguageModel(),
    database: new FakeProbe(),
    storage: new FakeProbe(),
    queue: new FakeProbe(),
  };
  return { sut: new Service(deps(fakes)), fakes };
}
