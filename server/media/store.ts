import { localMediaStore } from './store-local.ts';
import type { MediaStore, MediaStoreConfig } from './store-types.ts';

/**
 * The bucket's store, with the AWS SDK loaded on first use: a server on the local folder never loads it
 * (it takes a while, and warns on Node 20).
 */
function lazyS3Store(config: MediaStoreConfig): MediaStore {
  let loaded: Promise<MediaStore> | undefined;
  const store = () => {
    loaded ??= import('./store-s3.ts').then((m) => m.s3MediaStore(config));
    return loaded;
  };
  return {
    kind: 's3',
    putFile: async (name, path, mime) => (await store()).putFile(name, path, mime),
    copy: async (from, to) => (await store()).copy(from, to),
    remove: async (names) => (await store()).remove(names),
    read: async (name, range) => (await store()).read(name, range),
  };
}

const stores = new WeakMap<object, MediaStore>();

/** The configured store, one per configuration (its S3 client keeps connections). */
export function mediaStore(config: MediaStoreConfig): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.MEDIA_STORE === 's3' ? lazyS3Store(config) : localMediaStore(config);
    stores.set(config, store);
  }
  return store;
}

/** Copies a stored file under a new name (in the configured store); false when the source file is gone. */
export function copyMediaFile(config: MediaStoreConfig, from: string, to: string): Promise<boolean> {
  return mediaStore(config).copy(from, to);
}

/** Removes stored files (in the configured store); one that is already gone is no error. */
export function removeMediaFiles(config: MediaStoreConfig, names: readonly string[]): Promise<void> {
  return mediaStore(config).remove(names);
}
