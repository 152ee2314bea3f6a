import {
  formatMessage,
  KYC_DOCUMENT_KINDS,
  KYC_MAX_MB,
  MESSAGES,
  type TKycDocumentKind,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../http/errors';
import { imageType } from './avatar';

export const KYC_MAX_BYTES = KYC_MAX_MB * 1024 * 1024;

export type TKycFile = { kind: TKycDocumentKind; contentType: string; data: Buffer };

/** An image by its first bytes, or a PDF: the declared type of an upload is not trusted. */
function fileType(data: Buffer): string | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return imageType(data);
}

type TRefusal = 'kycFileMissing' | 'kycFileType' | 'kycFileSize';

/**
 * The two files of a KYC submission (multipart fields `document` and `selfie`), each checked for
 * type (JPEG, PNG, WebP or PDF by its bytes) and size; 400 naming each field that is missing or
 * refused. Another field or a third file is refused as a whole.
 */
export async function readKycFiles(request: FastifyRequest): Promise<TKycFile[]> {
  const errors: Partial<Record<TKycDocumentKind, string[]>> = {};
  const refuse = (kind: TKycDocumentKind, key: TRefusal) => {
    errors[kind] = [formatMessage(MESSAGES[key], { max: KYC_MAX_MB })];
  };
  const files = new Map<TKycDocumentKind, TKycFile>();
  let reading: TKycDocumentKind | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: { fileSize: KYC_MAX_BYTES, files: 2, fields: 0 } })) {
        if (part.type !== 'file') continue;
        const kind = KYC_DOCUMENT_KINDS.find((one) => one === part.fieldname);
        if (!kind || files.has(kind)) throw fail.request('invalidValue');
        reading = kind;
        const data = await part.toBuffer();
        reading = null;
        const contentType = fileType(data);
        if (contentType) files.set(kind, { kind, contentType, data });
        else refuse(kind, 'kycFileType');
      }
    } catch (error) {
      // A file past the limit ends the request's stream: that file is named, and nothing is kept.
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' && reading) {
        refuse(reading, 'kycFileSize');
        throw fail.fields(errors);
      } else if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw fail.request('invalidValue');
      else throw error;
    }
  }
  for (const kind of KYC_DOCUMENT_KINDS)
    if (!files.has(kind) && !errors[kind]) refuse(kind, 'kycFileMissing');
  if (Object.keys(errors).length > 0) throw fail.fields(errors);
  return [...files.values()];
}
