import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './overrides.css';
import 'dayjs/locale/es';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/ru';
import { DatesProvider } from '@mantine/dates';
import type { TLanguage } from '@portal/contracts';
import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  MantineProvider,
  ModalHeader,
  type ModalHeaderProps,
  parseThemeColor,
  PasswordInput,
  PinInput,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { errorLines, isUnauthorized } from '../lib/errors';
import { listLanguage } from '../lib/format';
import { notify, TOAST_MS } from '../lib/notify';
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
 * block, so that a dialog adds no second banner landmark.
 */
function themeIn(t: TFunction) {
  return createTheme({
    ...theme,
    components: {
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.togglePassword') } },
      }),
      PinInput: PinInput.extend({ defaultProps: { ariaLabel: t('common.codeDigit') } }),
      ModalHeader: ModalHeader.extend({ defaultProps: { component: 'div' } as Partial<ModalHeaderProps> }),
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

/** Calendar month and day names per list language (Tuvan readers read Russian ones). */
const DAYJS_LOCALE: Record<ReturnType<typeof listLanguage>, string> = {
  en: 'en',
  pt: 'pt',
  BT: 'pt-br',
  ru: 'ru',
  es: 'es',
  it: 'it',
};

/** The interface's reaction to a failed call (spec section 8): 401 signs out, the rest toasts. */
function onFailure(error: unknown, silent: boolean | undefined) {
  if (isUnauthorized(error)) {
    session.signOut();
    return;
  }
  if (!silent) notify.error(errorLines(error, i18next.t));
}

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
  const { i18n, t } = useTranslation();
  const translatedTheme = useMemo(() => themeIn(t), [t]);
  const language = listLanguage(i18n.language as TLanguage);
  return (
    <MantineProvider theme={translatedTheme} defaultColorScheme="light" cssVariablesResolver={cssVariables}>
      <DatesProvider settings={{ locale: DAYJS_LOCALE[language] ?? 'en', firstDayOfWeek: 1 }}>
        <Notifications position="top-right" autoClose={TOAST_MS} />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
