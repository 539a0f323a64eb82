// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Chunk, requestChunk, useChunk } from './chunk.ts';

afterEach(cleanup);

function Show({ chunk }: { chunk: Chunk<{ text: string }> }) {
  const module = useChunk(chunk);
  return <p>{module === null ? 'waiting' : module === 'failed' ? 'failed' : module.text}</p>;
}

/** A chunk whose import the test settles. */
function pending() {
  let settle: { resolve(m: { text: string }): void; reject(e: Error): void } | undefined;
  const chunk = requestChunk(
    () =>
      new Promise<{ text: string }>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { chunk, settle: settle! };
}

describe('a chunk requested ahead of its screen', () => {
  it('shows the module in the first render once it has arrived', async () => {
    const chunk = requestChunk(async () => ({ text: 'da' }));
    await chunk.promise;
    render(<Show chunk={chunk} />);
    expect(screen.getByText('da')).toBeTruthy();
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
