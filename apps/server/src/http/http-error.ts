/** An error whose message is meant for the person who made the request. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** A stable name for clients that react to this refusal in particular. */
  readonly code: string | undefined;
  /** Sent as Retry-After (seconds) when set: when trying again can succeed. */
  readonly retryAfterSeconds: number | undefined;

  /** The third argument is the Retry-After seconds, or options with it and a code. */
  constructor(
    statusCode: number,
    message: string,
    options: number | { code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    const { code, retryAfterSeconds } =
      typeof options === 'number' ? { code: undefined, retryAfterSeconds: options } : options;
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds = 3600) =>
  new HttpError(429, message, { retryAfterSeconds });
