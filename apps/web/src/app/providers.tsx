import './styles/public';
import './overrides.css';
import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  MantineProvider,
  type ModalHeaderProps,
  parseThemeColor,
} from '@mantine/core';
import {
  focusManager,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Toasts } from '../components/Toasts';
import { ApiError } from '../lib/api-client';
import { errorLines, isUnauthorized } from '../lib/errors';
import { notify } from '../lib/notify';
import { session } from '../lib/session';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows the failure itself (e.g. inline in a form). */
    mutationMeta: { silent?: boolean };
    queryMeta: { silent?: boolean };
  }
}

// Shades chosen for a contrast of at least 4.5:1 on white (WCAG AA), checked by axe in the
// end-to-end tests.
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  // Every variant of every color keeps a contrast of 4.5:1 (WCAG AA): text on light, subtle and
  // outline variants, and filled backgrounds under white text, use a darkened last shade; the
  // default shades are too light for it with orange, yellow and teal.
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    const darkest = parsed.isThemeColor ? input.theme.colors[parsed.color]?.[9] : undefined;
    if (!darkest) return colors;
    if (input.variant === 'filled') {
      return { ...colors, background: darken(darkest, 0.3), hover: darken(darkest, 0.45), color: '#fff' };
    }
    if (['light', 'subtle', 'outline'].includes(input.variant))
      return { ...colors, color: darken(darkest, 0.25) };
    return colors;
  },
});

/**
 * Texts Mantine writes for screen readers, in the reader's language; a modal's header is a plain
 * block, so that a dialog adds no second banner landmark. Plain objects rather than
 * `Component.extend`, so the sign-in screen does not load the components it does not show.
 */
function themeIn(t: TFunction) {
  return createTheme({
    ...theme,
    components: {
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.togglePassword') } },
      },
      PinInput: { defaultProps: { ariaLabel: t('common.codeDigit') } },
      ModalHeader: { defaultProps: { component: 'div' } as Partial<ModalHeaderProps> },
    },
  });
}

const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});

/** The interface's reaction to a failed call (spec section 8): 401 signs out, the rest toasts. */
function onFailure(error: unknown, silent: boolean | undefined) {
  if (isUnauthorized(error)) {
    session.signOut();
    return;
  }
  if (!silent) notify.error(errorLines(error, i18next.t));
}

/**
 * Focus counts when the tab becomes visible (React Query's default) and when the window gets the
 * focus back from another window, so that the header balances are read again then too.
 */
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const onChange = () => handleFocus(document.visibilityState !== 'hidden');
  window.addEventListener('visibilitychange', onChange);
  window.addEventListener('focus', onChange);
  return () => {
    window.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', onChange);
  };
});

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onFailure(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => onFailure(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  // Whenever the session ends (logout, a 401, another tab), forget its data and say so.
  useEffect(
    () =>
      session.subscribe(() => {
        if (session.token() !== null) return;
        client.clear();
        notify.info(i18next.t('common.loggedOut'));
      }),
    [client],
  );
  const { t } = useTranslation();
  const translatedTheme = useMemo(() => themeIn(t), [t]);
  return (
    <MantineProvider theme={translatedTheme} defaultColorScheme="light" cssVariablesResolver={cssVariables}>
      <Toasts />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
