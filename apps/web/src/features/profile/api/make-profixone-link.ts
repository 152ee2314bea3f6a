import type { TProfixoneLink } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A signed link into ProfiXone, good for a few minutes. */
export const makeProfixoneLink = () => apiRequest<TProfixoneLink>('/api/v1/accounts/make_profixone_link/');

export const useMakeProfixoneLink = () => useMutation({ mutationFn: makeProfixoneLink });
