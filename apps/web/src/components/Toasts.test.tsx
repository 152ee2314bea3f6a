import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../lib/notify';
import { Toasts } from './Toasts';

// Mantine reads the colour scheme and reduced motion from media queries, which jsdom lacks.
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

describe('toasts', () => {
  it('load with the first toast, and show it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(container.childElementCount).toBeGreaterThan(0));
    // Nothing to show: the stack is not loaded.
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    notify.error(['Invalid username/password pair.']);
    await vi.waitFor(() => expect(document.body.textContent).toContain('Invalid username/password pair.'), {
      timeout: 5000,
    });
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    root.unmount();
  });
});
