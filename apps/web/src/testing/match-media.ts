import { afterAll, beforeAll, vi } from 'vitest';

/** Mantine reads the colour scheme and reduced motion from media queries, which jsdom lacks. */
export function stubMatchMedia() {
  beforeAll(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
  });
  afterAll(() => vi.unstubAllGlobals());
}
