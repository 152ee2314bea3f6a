import type { TMfaSetupResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A new secret for the authenticator app; two-factor is on only after a code is verified. */
export const setupTwoFactor = () => apiRequest<TMfaSetupResponse>('/api/v1/accounts/mfa/setup/', {});

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
