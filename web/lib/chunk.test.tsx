// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Chunk, lazyChunk, useChunk } from './chunk.ts';

afterEach(cleanup);

function Show({ chunk }: { chunk: Chunk<{ text: string }> }) {
  const module = useChunk(chunk);
  return <p>{module === null ? 'waiting' : module === 'failed' ? 'failed' : module.text}</p>;
}

/** A chunk whose import the test settles. */
function pending() {
  let settle: { resolve(m: { text: string }): void; reject(e: Error): void } | undefined;
  const promise = new Promise<{ text: string }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { chunk: lazyChunk(() => promise), settle: settle! };
}

describe('a chunk of its own for a screen', () => {
  it('is requested by the first screen that needs it, once', async () => {
    let loads = 0;
    const chunk = lazyChunk(async () => {
      loads += 1;
      return { text: 'da' };
    });
    expect(loads).toBe(0);
    const first = render(<Show chunk={chunk} />);
    expect(await screen.findByText('da')).toBeTruthy();
    first.unmount();
    // Once it has arrived, a screen renders it in its first pass.
    render(<Show chunk={chunk} />);
    expect(screen.getByText('da')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('waits for it, then renders it', async () => {
    const { chunk, settle } = pending();
    render(<Show chunk={chunk} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => settle.resolve({ text: 'angekommen' }));
    expect(screen.getByText('angekommen')).toBeTruthy();
  });

  it('says when it did not load', async () => {
    const { chunk, settle } = pending();
    render(<Show chunk={chunk} />);
    await act(async () => settle.reject(new Error('offline')));
    expect(screen.getByText('failed')).toBeTruthy();
  });
});
