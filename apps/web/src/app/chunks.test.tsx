import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpScreens } from '../testing/render';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, ScreenLoadBoundary, withTimeout } from './chunks';

setUpScreens();
afterEach(() => vi.useRealTimers());

describe('a screen whose script does not arrive', () => {
  it('is refused after 120 seconds, not before', async () => {
    vi.useFakeTimers();
    const never = withTimeout(() => new Promise<never>(() => undefined));
    let settled: unknown = null;
    never.catch((error: unknown) => (settled = error));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('one that loads in time is the module itself', async () => {
    await expect(withTimeout(() => Promise.resolve({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('shows a message and a reload button in place of the screen', async () => {
    vi.useFakeTimers();
    const Screen = lazy(async () => ({
      default: (await withTimeout(() => new Promise<{ Page: () => null }>(() => undefined))).Page,
    }));
    render(
      <ScreenLoadBoundary>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </ScreenLoadBoundary>,
      { wrapper: MantineProvider },
    );
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    vi.useRealTimers();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This page could not be loaded. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
