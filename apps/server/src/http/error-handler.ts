import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { HttpError } from './http-error.ts';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

export function errorBody(statusCode: number, message: string, code?: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.filter((part) => typeof part === 'string' || typeof part === 'number').join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Turns any thrown error into a JSON answer a person can read; 5xx details stay in the log. */
function toErrorBody(error: FastifyError | Error, request: FastifyRequest, bodyLimit: number): ErrorBody {
  if (error instanceof HttpError) return errorBody(error.statusCode, error.message, error.code);
  if (error instanceof ZodError) return errorBody(400, describeZodError(error));
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody(400, 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody(413, `The request body is too large (the limit is ${bodyLimit} bytes).`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody(
        415,
        `Content type ${request.headers['content-type'] ?? '(none)'} is not accepted here.`,
      );
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return errorBody(413, 'This file is too large.');
    case 'FST_FIELDS_LIMIT':
      return errorBody(413, 'This form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errorBody(400, 'Please send the file as a multipart upload.');
    case 'FST_ERR_VALIDATION':
      return errorBody(400, fastifyError.message);
  }
  if (fastifyError.validation) return errorBody(400, fastifyError.message);
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Fastify's and its plugins' client errors carry short, safe messages.
    return errorBody(fastifyError.statusCode, fastifyError.message);
  }
  return errorBody(500, 'Something went wrong. Please try again.');
}

export function registerErrorHandling(app: FastifyInstance, options: { bodyLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorBody(error, request, options.bodyLimit);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode: body.statusCode, reason: body.message }, 'request refused');
    if (error instanceof HttpError) {
      const retryAfter = error.retryAfterSeconds ?? (error.statusCode === 429 ? 3600 : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
    }
    // A body that stopped arriving or was too large is not read again on this connection.
    if (body.statusCode === 408 || body.statusCode === 413) reply.header('connection', 'close');
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
}
