import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  constructor(options: SongLinkImporterOptions) {
    this.#options = options;
    const found = findYtDlp(options.ytdlpPath);
    this.available = found.available;
    this.reason = found.reason;
    this.#program = found.path;
  }

  static fromConfig(config: Pick<Config, 'linkImport'>): SongLinkImporter {
    return new SongLinkImporter(config.linkImport);
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
    this.#proxy ??= new EgressProxy(this.#options.proxy);
    const proxyUrl = await this.#proxy.url();
    const dir = await fs.promises.mkdtemp(path.join(this.#options.tempDir ?? os.tmpdir(), 'bops-link-'));
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
      signal: options.signal,
      pollMs: this.#options.pollMs,
      maxDurationSeconds,
    });
    return {
      path: result.file,
      bytes: result.bytes,
      cleanup: () => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 }),
    };
  }

  /** Stops the egress proxy (a later import starts it again). */
  async close(): Promise<void> {
    const proxy = this.#proxy;
    this.#proxy = null;
    await proxy?.close();
  }
}
