import type { TLanguage } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { changeLanguage } from '../lib/i18n';
import { session } from '../lib/session';
import { profileQuery } from './get-profile';

export const setLanguage = (language: TLanguage) =>
  apiRequest<boolean>('/api/v1/accounts/set_language/', { body: { language } });

/** Shows the interface in a language, and saves it to the account when signed in. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: TLanguage) => {
      await changeLanguage(language);
      if (session.token()) await setLanguage(language);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
