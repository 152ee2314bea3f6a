import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { botStatusQuery } from './get-bot-status';

/** Unlinks the chat (the bot says goodbye in it): true on success, false on failure (spec). */
export const unsubscribeBot = () => apiRequest<boolean>('/api/v1/chatbot/send_unsubscribe_message/', {});

export function useUnsubscribeBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeBot,
    // Refetched either way: a false answer may still have unlinked the chat (the goodbye failed).
    onSettled: () => queryClient.invalidateQueries({ queryKey: botStatusQuery().queryKey }),
  });
}
