import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { profileQuery } from './api/get-profile';
import { AppRoutes, preloadRoute } from './app/router';
import { initI18n } from './lib/i18n';
import { session } from './lib/session';

const client = createQueryClient();

// While the texts load, for a signed-in partner: the scripts and data of the address opened and
// the profile (the frame's balances), all at once (docs/web-performance.md).
if (session.token()) {
  preloadRoute(window.location.pathname, client);
  void client.prefetchQuery(profileQuery());
}

// The first screen waits for its language's texts (English is built in; others are one request).
// Rendered as a transition, so that React yields to the browser every few milliseconds instead
// of holding the main thread for the whole first render (docs/web-performance.md).
void initI18n().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers client={client}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
});
