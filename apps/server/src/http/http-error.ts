/** An error whose message is meant for the person who made the request. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After (seconds) when set: when trying again can succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(statusCode: number, message: string, retryAfterSeconds?: number) {
    super(message);
    this.statusCode = statusCode;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
