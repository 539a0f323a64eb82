import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/** A stored file's bytes for GET /media/:filename (object stores; the folder is served by @fastify/send). */
export interface MediaRead {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body?: Readable;
}

/**
 * Where media files live (MEDIA_STORE): the local folder DATA_DIR/media, or an S3-compatible bucket that
 * every server process reaches. Files are named by filename_db; the database row stays the only way to
 * one.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Stores a finished upload (a temporary file) under its name; the temporary file is gone afterwards. */
  putFile(name: string, path: string, mime: string): Promise<void>;
  /** Copies a stored file under a new name; false when the source is gone. */
  copy(from: string, to: string): Promise<boolean>;
  /** Removes stored files; one that is already gone is no error. */
  remove(names: readonly string[]): Promise<void>;
  /** The bytes of a file, honouring a Range header; undefined when it is not there. */
  read(name: string, range: string | undefined): Promise<MediaRead | undefined>;
}

export type MediaStoreConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'MEDIA_STORE'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;
