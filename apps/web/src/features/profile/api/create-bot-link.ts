import type { TBotLink } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A new code for the bot (earlier unused codes stop working) and its t.me link. */
export const createBotLink = () => apiRequest<TBotLink>('/api/v1/chatbot/link/', {});

export const useCreateBotLink = () => useMutation({ mutationFn: createBotLink });
