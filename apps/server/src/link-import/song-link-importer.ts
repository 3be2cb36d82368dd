import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import { ALLOWED_SITES } from './allowed-sites.ts';
import { EgressProxy, type EgressProxyOptions } from './egress-proxy.ts';
import { LinkImportError, UPLOAD_INSTEAD } from './link-import-error.ts';
import { checkSongLink, type SongLinkCheck } from './song-link-guard.ts';
import { buildYtDlpArgs, findYtDlp, runYtDlp } from './yt-dlp-runner.ts';

export interface SongLinkImporterOptions {
  /** The yt-dlp program; null looks for `yt-dlp` on PATH. */
  ytdlpPath: string | null;
  maxBytes: number;
  timeoutMs: number;
  /** Longest song a link may bring (yt-dlp's match filter). */
  maxDurationSeconds?: number;
  /** Where each download gets its own fresh directory. */
  tempDir?: string;
  /** The egress proxy's settings; tests inject its resolver here. */
  proxy?: EgressProxyOptions;
  /** How often a running download's directory is measured against the byte cap. */
  pollMs?: number;
  /** Refused destinations and failed downloads are logged here (with what yt-dlp said) for the operator. */
  logger?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface ImportedSong {
  /** The downloaded file, alone in a directory of its own. */
  path: string;
  bytes: number;
  /** Removes the file and its directory; call it once the song has been read. */
  cleanup(): Promise<void>;
}

export interface ImportOptions {
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
}

/**
 * Song links in and song files out. The pasted link passes the guard first; yt-dlp then runs with safe options
 * only, and every connection it makes goes through the loopback egress proxy, which refuses internal
 * destinations however they are spelled or resolved.
 */
export class SongLinkImporter {
  readonly available: boolean;
  /** Why link import is off (a sentence for the web app), or null when it is on. */
  readonly reason: string | null;
  readonly #program: string | null;
  readonly #options: SongLinkImporterOptions;
  #proxy: EgressProxy | null = null;
  /** Downloads in progress, stopped by close(). */
  readonly #running = new Set<AbortController>();

  constructor(options: SongLinkImporterOptions) {
    this.#options = options;
    const found = findYtDlp(options.ytdlpPath);
    this.available = found.available;
    this.reason = found.reason;
    this.#program = found.path;
  }

  static fromConfig(
    config: Pick<Config, 'linkImport'>,
    logger?: SongLinkImporterOptions['logger'],
  ): SongLinkImporter {
    return new SongLinkImporter({ ...config.linkImport, logger });
  }

  checkSongLink(url: unknown): SongLinkCheck {
    return checkSongLink(url);
  }

  /** Downloads the song a share link points at. Throws LinkImportError with a message a person can act on. */
  async importSongFromLink(url: string | URL, options: ImportOptions = {}): Promise<ImportedSong> {
    const checked = checkSongLink(typeof url === 'string' ? url : url.href);
    if (!checked.ok) throw new LinkImportError('invalid-link', checked.message);
    if (!this.available || !this.#program) {
      throw new LinkImportError(
        'unavailable',
        `${this.reason ?? "Song links can't be imported on this server."} ${UPLOAD_INSTEAD}`,
      );
    }
    const site = ALLOWED_SITES.find((candidate) => candidate.id === checked.siteId)!;
    const maxBytes = options.maxBytes ?? this.#options.maxBytes;
    const maxDurationSeconds = this.#options.maxDurationSeconds ?? 600;
    this.#proxy ??= new EgressProxy(this.#proxyOptions());
    const proxyUrl = await this.#proxy.url();
    const dir = await fs.promises.mkdtemp(path.join(this.#options.tempDir ?? os.tmpdir(), 'bops-link-'));
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) controller.abort();
    this.#running.add(controller);
    const result = await runYtDlp({
      program: this.#program,
      args: buildYtDlpArgs({
        url: checked.url.href,
        extractors: site.extractors,
        proxyUrl,
        outputDir: dir,
        maxBytes,
        maxDurationSeconds,
      }),
      dir,
      maxBytes,
      timeoutMs: options.timeoutMs ?? this.#options.timeoutMs,
      signal: controller.signal,
      pollMs: this.#options.pollMs,
      maxDurationSeconds,
    })
      .catch((error: unknown) => {
        if (error instanceof LinkImportError && error.code !== 'aborted') {
          this.#options.logger?.info(
            { code: error.code, site: site.name, detail: error.detail },
            'a song link could not be imported',
          );
        }
        throw error;
      })
      .finally(() => {
        this.#running.delete(controller);
        options.signal?.removeEventListener('abort', onAbort);
      });
    return {
      path: result.file,
      bytes: result.bytes,
      cleanup: () => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 }),
    };
  }

  #proxyOptions(): EgressProxyOptions {
    const options = this.#options.proxy ?? {};
    const logger = this.#options.logger;
    if (!logger) return options;
    return {
      ...options,
      onDecision: (decision) => {
        if (!decision.allowed) {
          logger.warn(
            { target: decision.target, reason: decision.reason },
            'the link-import proxy refused a destination',
          );
        }
        options.onDecision?.(decision);
      },
    };
  }

  /** Stops running downloads (their files are deleted) and the egress proxy; a later import starts it again. */
  async close(): Promise<void> {
    for (const controller of this.#running) controller.abort();
    const proxy = this.#proxy;
    this.#proxy = null;
    await proxy?.close();
  }
}
