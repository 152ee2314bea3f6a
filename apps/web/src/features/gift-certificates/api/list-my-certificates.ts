import type { TGiftCertificates } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listMyCertificates = () =>
  apiRequest<TGiftCertificates>('/api/v1/gift_certificates/my/', { method: 'GET' });

export const myCertificatesQuery = () =>
  queryOptions({ queryKey: ['gift-certificates'], queryFn: listMyCertificates });

export const useMyCertificates = () => useQuery(myCertificatesQuery());
