// @vitest-environment jsdom
/**
 * Lazy pages (app/lazy-page.tsx, issue 20 sign-in → board drawn): a page whose module has not
 * arrived shows the Loading fallback first, then the page; once the module is here (loaded by an
 * earlier page or the sign-in page's prefetch), a new mount shows the page in its first commit,
 * without the fallback (which React would hold for up to 300 ms), and keeps it when rendered again.
 */
import { createElement, act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyRoute, type PageModule } from './lazy-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; container: HTMLElement }[] = [];

function mount(element: ReactNode): { container: HTMLElement; rerender: () => void } {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element)); // synchronous: flushes the first commit only
  mounted.push({ root, container });
  return { container, rerender: () => act(() => root.render(element)) };
}

afterEach(() => {
  for (const { root, container } of mounted) {
    act(() => root.unmount());
    container.remove();
  }
  mounted = [];
});

/** A module loader that resolves on the next macrotask, counting its calls. */
function moduleLoader() {
  let mounts = 0;
  const Page = () => {
    const [mount] = useState(() => ++mounts); // which mount of the page this is
    return createElement('p', { 'data-testid': 'page' }, `page ${mount}`);
  };
  const calls = { n: 0 };
  const load = (): Promise<PageModule> => {
    calls.n++;
    return new Promise((resolve) => setTimeout(() => resolve({ pages: { home: Page } }), 0));
  };
  return { load, calls };
}

describe('lazyRoute', () => {
  it('shows the fallback until the module arrives, then the page', async () => {
    const { load } = moduleLoader();
    const { container, rerender } = mount(lazyRoute(load, 'test', 'home'));
    expect(container.querySelector('[role=status]')).not.toBeNull();
    expect(container.querySelector('[data-testid=page]')).toBeNull();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 400)); // past React's fallback throttle
    });
    expect(container.querySelector('[data-testid=page]')?.textContent).toBe('page 1');
    expect(container.querySelector('[role=status]')).toBeNull();
    // The module is now noted as loaded: rendering again keeps the same page (no remount).
    rerender();
    expect(container.querySelector('[data-testid=page]')?.textContent).toBe('page 1');
  });

  it('shows a page whose module is already loaded in its first commit, without the fallback', async () => {
    const { load, calls } = moduleLoader();
    const element = lazyRoute(load, 'test', 'home');
    // The prefetch: the route's preload loads the module and notes it.
    (element as unknown as { type: { preload: () => void } }).type.preload();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(calls.n).toBe(1);

    const { container, rerender } = mount(lazyRoute(load, 'test', 'home'));
    expect(container.querySelector('[role=status]')).toBeNull();
    expect(container.querySelector('[data-testid=page]')?.textContent).toBe('page 1');
    rerender();
    expect(container.querySelector('[data-testid=page]')?.textContent).toBe('page 1');
    expect(calls.n).toBe(1);
  });
});
