/** Thrown for input a person supplied (an upload, lyrics, an id) so the server can show the message as is. */
export class AudioInputError extends Error {
  readonly code: 'too-large' | 'too-long' | 'unsupported' | 'empty' | 'invalid';
  constructor(message: string, code: AudioInputError['code']) {
    super(message);
    this.name = 'AudioInputError';
    this.code = code;
  }
}

/** Lyrics, artist or beat the engine cannot render: a person's mistake, not a crash. */
export class RenderInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderInputError';
  }
}

/** Rejects a render when its AbortSignal fires; checked between phases and inside long loops. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    throw reason instanceof Error ? reason : new DOMException('The render was cancelled.', 'AbortError');
  }
}
