import type { Config } from '../config/config.ts';
import type { Storage } from './storage.ts';

/** The configured storage; the S3 client (a large library) loads only when S3 is configured. */
export async function createStorage(config: Config['storage']): Promise<Storage> {
  if (config.kind === 'local') {
    const { LocalStorage } = await import('./local-storage.driver.ts');
    return new LocalStorage({ dir: config.dir });
  }
  const { S3Storage } = await import('./s3-storage.driver.ts');
  return new S3Storage(config);
}
