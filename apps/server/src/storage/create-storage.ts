import type { Config } from '../config/config.ts';
import { LocalStorage } from './local-storage.driver.ts';
import { S3Storage } from './s3-storage.driver.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: Config['storage']): Storage {
  return config.kind === 'local' ? new LocalStorage({ dir: config.dir }) : new S3Storage(config);
}
