import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { createQueryClient } from '../app/providers';
import { initI18n, loadSignedInTexts } from '../lib/i18n';
import { stubMatchMedia } from './match-media';

/** One answer of the stubbed API: the status and the JSON body. */
export type TAnswer = { status: number; body: unknown };

/** One call the screen made: its path, query, method, headers (lower-case names) and JSON body. */
export type TRequestSeen = {
  path: string;
  query: Record<string, string>;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

/**
 * A component as a signed-in partner sees it (English texts, Mantine, React Query, a router), with
 * the API answered by `answer` (path and method → status and body): the paths it called are in
 * `calls`, and each call with its method, headers and body in `requests`.
 */
export function renderWithApi(
  ui: ReactElement,
  answer: (path: string, method: string) => TAnswer,
  path = '/',
) {
  const calls: string[] = [];
  const requests: TRequestSeen[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const route = url.split('?')[0]!;
    const method = init.method ?? 'GET';
    calls.push(route);
    requests.push({
      path: route,
      query: Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? '')),
      method,
      headers: Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      ),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const { status, body } = answer(route, method);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, calls, requests };
}

/** Mantine's segmented control measures itself; jsdom has no ResizeObserver. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The English texts, jsdom's missing browser parts (resizing, scrolling), and a clean page after each test. */
export function setUpScreens() {
  stubMatchMedia();
  beforeAll(async () => {
    globalThis.ResizeObserver ??= NoResizeObserver;
    // jsdom does not scroll; Mantine's comboboxes scroll their options into view after a timeout.
    (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView ??= () => undefined;
    await initI18n('en');
    await loadSignedInTexts();
  });
  afterEach(() => cleanup());
}
