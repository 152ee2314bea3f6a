import type { TBinaryTree, TBinaryTreeRequest } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getBinaryTree = (request: TBinaryTreeRequest) =>
  apiRequest<TBinaryTree>('/api/v1/mlm/get-binary-tree/', { body: request });

export const binaryTreeQuery = (request: TBinaryTreeRequest) =>
  queryOptions({
    queryKey: ['team', 'binary-tree', request],
    queryFn: () => getBinaryTree(request),
    placeholderData: keepPreviousData,
  });

/** A window of the binary tree below a partner (absent: me), with the children of opened nodes. */
export const useBinaryTree = (request: TBinaryTreeRequest, enabled = true) =>
  useQuery({ ...binaryTreeQuery(request), enabled });
