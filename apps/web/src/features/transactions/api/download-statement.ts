import type { TStatementPdfQuery } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';

/** The monthly statement of one currency as the server's PDF: opening balance, movements, closing balance. */
export const downloadStatement = (query: TStatementPdfQuery) =>
  apiBlob(`/api/v1/payments/finances/statement/?${new URLSearchParams(query).toString()}`);

/** Saves it under `statement-<currency>-<month>.pdf`, the server's name; a failure is the app's usual toast. */
export const useDownloadStatement = () =>
  useMutation({
    mutationFn: async (query: TStatementPdfQuery) =>
      saveFile(await downloadStatement(query), `statement-${query.currency}-${query.month}.pdf`),
  });
