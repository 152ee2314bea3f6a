import type { FastifyRequest } from 'fastify';
import { fail } from '../../http/errors';

/** Image types by their first bytes: the declared type of an upload is not trusted. */
const SIGNATURES: { type: string; matches: (data: Buffer) => boolean }[] = [
  { type: 'image/jpeg', matches: (data) => data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    type: 'image/png',
    matches: (data) =>
      data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    matches: (data) =>
      data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function imageType(data: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(data))?.type;
}

/** The avatar of a multipart request (field "avatar"), checked for type and size. */
export async function readAvatar(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ contentType: string; data: Buffer }> {
  if (!request.isMultipart()) throw fail.field('avatar', 'avatarMissing');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file || file.fieldname !== 'avatar') throw fail.field('avatar', 'avatarMissing');
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fail.field('avatar', 'avatarSize', { max: Math.round((maxBytes / 1024 / 1024) * 10) / 10 });
    }
    throw error;
  }
  const contentType = imageType(data);
  if (!contentType) throw fail.field('avatar', 'avatarType');
  return { contentType, data };
}
