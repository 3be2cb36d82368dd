import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type ByteRange, type Storage, type StoredObjectInfo } from './storage.ts';

/** Files in a directory; the content type sits beside each file in a small sidecar. */
export class LocalStorage implements Storage {
  readonly #root: string;

  constructor(options: { dir: string }) {
    this.#root = path.resolve(options.dir);
  }

  #pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.#root, ...key.split('/'));
  }

  async put(
    key: string,
    body: Buffer | Uint8Array | Readable,
    contentType: string,
  ): Promise<StoredObjectInfo> {
    const file = this.#pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Write to a temporary name and rename, so a reader never sees half a file.
    const temp = `${file}.${randomUUID()}.part`;
    try {
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      await pipeline(source, fs.createWriteStream(temp));
      await fsp.writeFile(`${file}.meta`, JSON.stringify({ contentType }));
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return (await this.stat(key))!;
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const file = this.#pathOf(key);
    try {
      const stats = await fsp.stat(file);
      if (!stats.isFile()) return null;
      let contentType = 'application/octet-stream';
      try {
        contentType = (JSON.parse(await fsp.readFile(`${file}.meta`, 'utf8')) as { contentType: string })
          .contentType;
      } catch {
        // A file without its sidecar is still served, as bytes.
      }
      const etag = createHash('sha1')
        .update(`${key}:${stats.size}:${stats.mtimeMs}`)
        .digest('hex')
        .slice(0, 20);
      return { size: stats.size, contentType, etag: `"${etag}"`, lastModified: stats.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.#pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readAll(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.#pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.#pathOf(key);
    await fsp.rm(file, { force: true });
    await fsp.rm(`${file}.meta`, { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = path.join(this.#root, ...prefix.split('/').filter(Boolean));
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith('.meta') && !entry.name.endsWith('.part')) {
          keys.push(path.relative(this.#root, full).split(path.sep).join('/'));
        }
      }
    };
    await walk(base);
    return keys.sort();
  }
}
