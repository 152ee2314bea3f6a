import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../testing/match-media';
import { notify } from '../lib/notify';
import { Toasts } from './Toasts';

stubMatchMedia();

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
