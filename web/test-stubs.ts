import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** jsdom has no ResizeObserver, which charts and the graph observe their size with: one that never fires. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/**
 * jsdom lays nothing out: charts read their width from the computed style, here `width` px, and observe
 * their size (stubResizeObserver). Undone by vi.restoreAllMocks and vi.unstubAllGlobals.
 */
export function stubChartLayout(width = 600): void {
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computed(element, pseudo);
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'width') return `${width}px`;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
  stubResizeObserver();
}

/** For the tests of a file (or describe) that render charts: stubChartLayout before each, undone after each. */
export function stubChartLayoutPerTest(width?: number): void {
  beforeEach(() => stubChartLayout(width));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** jsdom has no modal dialogs: showModal and close open and close them by the attribute. */
export function polyfillModalDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/**
 * A ResizeObserver whose callbacks the test fires (jsdom has none and lays nothing out): returns what
 * fires every observer made since. Undone by vi.unstubAllGlobals.
 */
export function observeResizes(): () => void {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return () => {
    for (const callback of callbacks) callback();
  };
}

/**
 * fetch answers each path with its reply (500 for any other path); returns the paths called. Undone by
 * vi.unstubAllGlobals.
 */
export function stubFetchRoutes(routes: Record<string, { status: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = String(input);
      calls.push(path);
      const reply = routes[path] ?? { status: 500, body: { title: 'x', msg: `unexpected ${path}` } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
