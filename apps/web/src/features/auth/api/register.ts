import type { TAuthResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZRegisterRequest } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type TRegisterInput = z.input<typeof ZRegisterRequest>;

export const register = (input: TRegisterInput) =>
  apiRequest<TAuthResponse>('/api/v1/accounts/register/', { body: input });

export const useRegister = () => useMutation({ mutationFn: register });
