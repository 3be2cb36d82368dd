import type { BaseQueryFn } from '@reduxjs/toolkit/query';

/** What a query asks for: a path under the API base, or a request description. */
export type ApiRequest =
  | string
  | {
      url: string;
      method?: string;
      /** Plain objects are sent as JSON; FormData goes out as multipart. */
      body?: unknown;
      params?: Record<string, string | number | boolean | undefined>;
    };

/** A failed call. `message` is the product's wording ("Error status: {code}", docs/PRODUCT.md#api); `detail` is the server's explanation. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  message: string;
  detail?: string;
}

type Unwrapped = { data: unknown } | { error: ApiError };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * docs/PRODUCT.md#api: a body whose statusCode is outside 200-299 is a failure "Error status: {code}"; otherwise the body's
 * `data` when it has one, else the body itself.
 */
export function unwrapEnvelope(body: unknown): Unwrapped {
  if (isRecord(body) && typeof body.statusCode === 'number') {
    const code = body.statusCode;
    if (code < 200 || code > 299) {
      return {
        error: {
          status: code,
          message: `Error status: ${code}`,
          ...(typeof body.message === 'string' ? { detail: body.message } : {}),
        },
      };
    }
  }
  if (isRecord(body) && 'data' in body) return { data: body.data };
  return { data: body };
}

function buildUrl(baseUrl: string, request: ApiRequest): string {
  const path = typeof request === 'string' ? request : request.url;
  let url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (typeof request !== 'string' && request.params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(request.params)) {
      if (value !== undefined) search.set(key, String(value));
    }
    const query = search.toString();
    if (query) url += `?${query}`;
  }
  return url;
}

async function readBody(response: Response): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, body: null };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The RTK Query base query for our own API. URLs stay relative so the session cookie only ever goes to our origin,
 * and state-changing calls carry our Origin (the server checks it).
 */
export function createEnvelopeBaseQuery(
  options: { baseUrl?: string; fetchFn?: typeof fetch } = {},
): BaseQueryFn<ApiRequest, unknown, ApiError> {
  const baseUrl = options.baseUrl ?? '/api';
  return async (request, api) => {
    const fetchFn = options.fetchFn ?? globalThis.fetch.bind(globalThis);
    const method = typeof request === 'string' ? 'GET' : (request.method ?? 'GET');
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: BodyInit | undefined;
    if (typeof request !== 'string' && request.body !== undefined) {
      if (request.body instanceof FormData) {
        body = request.body;
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
    }
    let response: Response;
    try {
      response = await fetchFn(buildUrl(baseUrl, request), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: api.signal,
      });
    } catch (cause) {
      return {
        error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) },
      };
    }
    const parsed = await readBody(response);
    if (!response.ok) {
      const detail = parsed.ok && isRecord(parsed.body) && typeof parsed.body.message === 'string';
      return {
        error: {
          status: response.status,
          message: `Error status: ${response.status}`,
          ...(detail ? { detail: (parsed.body as { message: string }).message } : {}),
        },
      };
    }
    if (!parsed.ok)
      return {
        error: { status: 'PARSE_ERROR', message: 'The server answered with something that is not JSON.' },
      };
    return unwrapEnvelope(parsed.body);
  };
}
