import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyReady } from './lazy-ready';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (node: ReactNode) => <Suspense fallback={<p>Loading</p>}>{node}</Suspense>;

describe(lazyReady.name, () => {
  it('renders a preloaded component in its first commit, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Sut = lazyReady(load);
    await Sut.preload();
    render(inSuspense(<Sut name="Ada" />));
    // Synchronously: no fallback was committed, so React's fallback throttle has nothing to wait for.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like lazy() when its chunk has not loaded, and loads it once', async () => {
    let resolve: (component: typeof Hello) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Hello>((r) => (resolve = r)));
    const Sut = lazyReady(load);
    render(inSuspense(<Sut name="Ada" />));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    void Sut.preload();
    await act(async () => resolve(Hello));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for a chunk again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Hello);
    const Sut = lazyReady(load);
    await expect(Sut.preload()).rejects.toThrow('offline');
    await Sut.preload();
    render(inSuspense(<Sut name="Bo" />));
    expect(screen.getByText('Hello Bo')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the mounted component across renders once its chunk loads (no remount)', async () => {
    let resolve: (component: typeof Hello) => void = () => undefined;
    const Sut = lazyReady(() => new Promise<typeof Hello>((r) => (resolve = r)));
    const { rerender } = render(inSuspense(<Sut name="Ada" />));
    await act(async () => resolve(Hello));
    const first = await screen.findByText('Hello Ada');
    rerender(inSuspense(<Sut name="Ada" />));
    expect(screen.getByText('Hello Ada')).toBe(first);
  });
});
