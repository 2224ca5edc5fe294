// Every file the store keeps (product images today; safety data sheets and NF-e XML/PDF next) goes
// through one FileStorage, on the local disk (the embedded default) or in an S3-compatible bucket
// (STORAGE_DRIVER=s3), so instances on different machines see the same files.
// docs/decisions/0003-file-storage.md says why and how.
import { getEnv, type StorageConfig } from '../infra/env.server';
import { DiskStorage } from './disk.server';
import type { FileStorage } from './file-storage.server';

export { isStorageKey, type FileStorage, type StoredFile } from './file-storage.server';

/**
 * The storage a configuration names. The S3 driver (and the AWS SDK under it) is loaded only when
 * chosen, so the embedded default never loads it.
 */
export async function storageFromConfig(config: StorageConfig): Promise<FileStorage> {
  if (config.driver === 'disk') return new DiskStorage(config);
  const { S3Storage } = await import('./s3.server');
  return new S3Storage(config);
}

let current: { config: StorageConfig; storage: Promise<FileStorage> } | undefined;

/** The store's storage, as the environment configures it (made once per configuration). */
export function getStorage(): Promise<FileStorage> {
  const config = getEnv().storage;
  if (current?.config !== config) {
    const storage = storageFromConfig(config);
    current = { config, storage };
    // A failed load (a missing package) is tried again on the next call instead of being kept.
    storage.catch(() => {
      if (current?.storage === storage) current = undefined;
    });
  }
  return current.storage;
}
