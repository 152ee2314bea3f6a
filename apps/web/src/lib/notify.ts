import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** Toasts last 2 seconds (spec section 9). */
export const TOAST_MS = 2000;

function show(color: string, message: string) {
  notifications.show({
    color,
    message,
    autoClose: TOAST_MS,
    style: { whiteSpace: 'pre-line' },
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
  });
}

export const notify = {
  error: (lines: string[]) => show('red', lines.join('\n')),
  success: (message: string) => show('teal', message),
  info: (message: string) => show('blue', message),
};
