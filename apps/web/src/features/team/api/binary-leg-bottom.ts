import type { TBinaryLegBottom, TBinaryLegBottomRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getBinaryLegBottom = (request: TBinaryLegBottomRequest) =>
  apiRequest<TBinaryLegBottom>('/api/v1/mlm/binary-leg-bottom/', { body: request });

/** The last partner down the outer edge of a leg ("jump to the bottom"). */
export const useBinaryLegBottom = () => useMutation({ mutationFn: getBinaryLegBottom });
