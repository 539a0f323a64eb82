import { randomBytes } from 'node:crypto';

/** Upload bodies for the media tests (app.inject, or fetch against a server process). */

/** Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): 417 bytes each, starting with the frame sync. */
export function mp3(frames = 8): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body with the parts in the given order. */
export function multipart(parts: ([string, string] | FilePart)[]) {
  const boundary = `----dialogwerk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; ` +
            `filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The parts of an audio upload to a dialog, as the media screen sends them. */
export const audioUpload = (surveyId: string, content: Buffer) =>
  multipart([
    ['survey_id', surveyId],
    ['type', 'audio'],
    { filename: 'ton.mp3', contentType: 'audio/mpeg', content },
  ]);
