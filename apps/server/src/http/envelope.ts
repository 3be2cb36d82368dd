/**
 * Every successful API answer is `{ statusCode, data }` (docs/PRODUCT.md#api: the client treats a body statusCode
 * outside 200-299 as failure and unwraps `data`). Failures are `{ statusCode, error, message }`.
 */
export interface Envelope<T> {
  statusCode: number;
  data: T;
}

export function ok<T>(data: T, statusCode = 200): Envelope<T> {
  return { statusCode, data };
}
