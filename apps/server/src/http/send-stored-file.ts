import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../storage/storage.ts';
import { parseByteRange } from './byte-range.ts';
import { notFound } from './http-error.ts';

export interface SendFileOptions {
  /** Cache-Control for the answer; private objects must not land in shared caches. */
  cacheControl: string;
  /** Offer the file as a download under this name. */
  downloadName?: string;
}

/**
 * Streams a stored object with HTTP range support, so a browser can seek in a long song at once.
 * Authorization happens before this is called: it serves whatever key it is given.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const info = await storage.stat(key);
  if (!info) throw notFound('This file does not exist.');
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .type(info.contentType);
  if (options.downloadName) {
    reply.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`,
    );
  }
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === info.etag || tag.trim() === '*')) {
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== info.etag ? undefined : request.headers.range;
  const range = parseByteRange(rangeHeader, info.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${info.size}`).type('text/plain').send('');
  }
  if (request.method === 'HEAD') {
    const length = range ? range.end - range.start + 1 : info.size;
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    // An empty stream keeps our Content-Length; Fastify's HEAD handling drops the body either way.
    return reply.header('content-length', length).send(Readable.from([]));
  }
  const stream = await storage.read(key, range ?? undefined);
  if (!stream) throw notFound('This file does not exist.');
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', info.size);
  }
  return reply.send(stream);
}
