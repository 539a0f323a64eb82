import { once } from 'node:events';
import { PassThrough, type TransformCallback } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** The response body of an export: a pass-through that counts what the file's writer has put in. */
export class ExportStream extends PassThrough {
  written = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.written += chunk.length;
    callback(null, chunk);
  }
}

const SETTLE_POLL_MS = 2;

/**
 * Between pages. SQLite answers synchronously, so the loop over pages never leaves room for the zip's
 * compression (zlib, off the main thread, one chunk per turn of the event loop), and exceljs has no
 * backpressure: without a pause the whole sheet would pile up in memory before any of it is compressed.
 * So wait while the output still grows, then, while the client reads slower than the file is written,
 * until it has taken what is there.
 */
export async function betweenPages(out: ExportStream, aborted: () => boolean) {
  let before: number;
  do {
    before = out.written;
    await sleep(SETTLE_POLL_MS);
  } while (out.written > before && !aborted());
  if (out.writableNeedDrain && !aborted()) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}
