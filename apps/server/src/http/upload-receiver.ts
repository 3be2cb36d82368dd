import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error.ts';

/** One uploaded file, streamed to a temporary file that lives until the upload's handler returns. */
export interface ReceivedFile {
  /** Where the bytes are, on local disk. Removed when the handler given to `receiveUpload` returns. */
  path: string;
  bytes: number;
  /** As the client named it (never used as a path). */
  filename: string;
  /** As the client declared it; check the content, not this. */
  mimetype: string;
  /** The whole file in memory (it is at most its field's cap). */
  read(): Promise<Buffer>;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
}

/** What a route accepts: each file field with its own cap in bytes, and how many text fields. */
export interface UploadSpec {
  files: Record<string, { maxBytes: number }>;
  /** Text fields accepted (each up to `maxFieldBytes`); default 10. */
  maxFields?: number;
  maxFieldBytes?: number;
}

export interface UploadLimits {
  /** Uploads one person may have under way at once (429 past it). */
  perPerson: number;
  /** Uploads the process receives at once (503 past it). */
  total: number;
  /** Where uploads are streamed while they arrive; each process works in a folder of its own there. */
  dir: string;
  /** An upload that sends nothing for this long is ended (408). */
  idleTimeoutMs: number;
  /** No file is taken beyond this (UPLOAD_LIMIT_BYTES), whatever its field's own cap. */
  maxFileBytes?: number;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function megabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Counts the bytes that pass and ends the stream when they exceed the cap or stop coming. */
class ByteLimit extends Transform {
  bytes = 0;
  readonly #maxBytes: number;
  readonly #idleMs: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(maxBytes: number, idleMs: number) {
    super();
    this.#maxBytes = maxBytes;
    this.#idleMs = idleMs;
    this.#arm();
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => this.destroy(new HttpError(408, 'The upload stopped arriving. Please try again.')),
      this.#idleMs,
    );
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#maxBytes) {
      done(new HttpError(413, `This file is too large (the limit is ${megabytes(this.#maxBytes)}).`));
      return;
    }
    this.#arm();
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    clearTimeout(this.#timer);
    done();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    clearTimeout(this.#timer);
    done(error);
  }
}

/**
 * The one way Bops receives uploaded files: every upload route calls `receive`. It takes a slot for the
 * person before reading a byte (429 when they already have `perPerson` uploads under way, 503 when the
 * process is receiving `total`, both with Retry-After), streams each file to disk through its own byte
 * cap (413 past it), hands the form to the handler, and removes the files and frees the slot when the
 * handler returns or throws. So memory holds no upload while it arrives, and at most `total` uploads
 * (each within its cap) are being received or worked on at once.
 */
export class UploadReceiver {
  readonly #limits: UploadLimits;
  readonly #dir: string;
  readonly #perPerson = new Map<string, number>();
  #total = 0;

  constructor(limits: UploadLimits) {
    this.#limits = limits;
    this.#dir = path.join(limits.dir, `${process.pid}-${randomUUID().slice(0, 8)}`);
  }

  /**
   * Makes this process's folder and removes those of processes that no longer run (what a killed process
   * was receiving). Processes sharing DATA_DIR keep their own.
   */
  async prepare(): Promise<void> {
    await fs.mkdir(this.#dir, { recursive: true });
    for (const entry of await fs.readdir(this.#limits.dir)) {
      const pid = Number(entry.split('-')[0]);
      if (path.join(this.#limits.dir, entry) === this.#dir || (pid > 0 && isRunning(pid))) continue;
      await fs.rm(path.join(this.#limits.dir, entry), { recursive: true, force: true });
    }
  }

  /** Removes this process's folder (at shutdown). */
  async close(): Promise<void> {
    await fs.rm(this.#dir, { recursive: true, force: true });
  }

  /** Uploads being received or handled now (for tests and metrics). */
  get active(): number {
    return this.#total;
  }

  /**
   * Receives the multipart upload of `request` for `person` (an account id, or a visitor's address)
   * and runs `handle` with it; the temporary files and the slot are released when it settles.
   */
  async receive<T>(
    request: FastifyRequest,
    person: string,
    spec: UploadSpec,
    handle: (form: ReceivedForm) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart()) throw badRequest('Please send the form as a multipart upload.');
    const release = this.#acquire(person);
    const dir = path.join(this.#dir, randomUUID());
    try {
      await fs.mkdir(dir, { recursive: true });
      let form: ReceivedForm;
      try {
        form = await this.#read(request, spec, dir);
      } catch (error) {
        // The parser stopped reading mid-body: what is left of it is read and dropped, so the answer
        // reaches the client whole (a paused body would stall the connection), and the connection closes.
        request.raw.resume();
        throw error;
      }
      return await handle(form);
    } finally {
      release();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  #acquire(person: string): () => void {
    const mine = this.#perPerson.get(person) ?? 0;
    if (mine >= this.#limits.perPerson) {
      throw new HttpError(
        429,
        `You already have ${mine} upload${mine === 1 ? '' : 's'} under way. Please wait for ${mine === 1 ? 'it' : 'them'} to finish.`,
        { code: 'TOO_MANY_UPLOADS', retryAfterSeconds: 10 },
      );
    }
    if (this.#total >= this.#limits.total) {
      throw new HttpError(503, 'Bops is receiving many uploads right now. Please try again in a minute.', {
        code: 'UPLOADS_BUSY',
        retryAfterSeconds: 30,
      });
    }
    this.#perPerson.set(person, mine + 1);
    this.#total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#perPerson.get(person) ?? 1) - 1;
      if (left > 0) this.#perPerson.set(person, left);
      else this.#perPerson.delete(person);
    };
  }

  /** A field's cap, lowered to the operator's ceiling when that is lower. */
  #capOf(maxBytes: number): number {
    return Math.min(maxBytes, this.#limits.maxFileBytes ?? Number.MAX_SAFE_INTEGER);
  }

  async #read(request: FastifyRequest, spec: UploadSpec, dir: string): Promise<ReceivedForm> {
    const caps = Object.values(spec.files).map((file) => this.#capOf(file.maxBytes));
    const fields: Record<string, string> = {};
    const files: Record<string, ReceivedFile> = {};
    const parts = request.parts({
      // The parser's own cap is one byte above the largest field's, so a file over its own cap
      // always reaches ByteLimit and gets the same 413.
      limits: {
        fileSize: Math.max(...caps) + 1,
        files: Object.keys(spec.files).length + 2,
        fields: spec.maxFields ?? 10,
        fieldSize: spec.maxFieldBytes ?? 4096,
        parts: Object.keys(spec.files).length + (spec.maxFields ?? 10) + 2,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw badRequest(`${part.fieldname}: This value is too long.`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const cap = spec.files[file.fieldname];
      if (!cap || files[file.fieldname]) {
        // A field we do not take: read past it without keeping it.
        await pipeline(
          file.file,
          new ByteLimit(Number.MAX_SAFE_INTEGER, this.#limits.idleTimeoutMs),
          async (source) => {
            for await (const chunk of source) void chunk;
          },
        );
        continue;
      }
      const target = path.join(dir, `${Object.keys(files).length}.upload`);
      const maxBytes = this.#capOf(cap.maxBytes);
      const limit = new ByteLimit(maxBytes, this.#limits.idleTimeoutMs);
      await pipeline(file.file, limit, createWriteStream(target, { flags: 'wx' }));
      if (file.file.truncated) {
        throw new HttpError(413, `This file is too large (the limit is ${megabytes(maxBytes)}).`);
      }
      files[file.fieldname] = {
        path: target,
        bytes: limit.bytes,
        filename: file.filename,
        mimetype: file.mimetype,
        read: () => fs.readFile(target),
      };
    }
    return { fields, files };
  }
}
