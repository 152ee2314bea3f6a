import { LEGAL_FALLBACK_HEADER, LOCALE_OF, ZLegalDocuments } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TLegal } from './service';

/**
 * Legal documents as PDFs: `/legal/<language>/<document>.pdf` answers the language's PDF or the
 * English one (Content-Language and X-Legal-Fallback say which); 404 for anything else.
 */
export function legalRoutes(app: FastifyInstance, deps: { legal: TLegal }): void {
  const { legal } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/legal/',
    summary:
      'The legal documents in every language: the language each is served in (its own or English), title and PDF address',
    tags: ['legal'],
    auth: 'public',
    response: ZLegalDocuments,
    handler: () => legal.list(),
  });

  // A file, not JSON: outside the OpenAPI document, like the avatars (its hostile input is tested
  // in test/legal/legal.test.ts).
  app.get('/legal/:language/:file', { schema: { hide: true } }, async (request, reply) => {
    const { language, file } = request.params as { language: string; file: string };
    const pdf = await legal.pdf(language, file.endsWith('.pdf') ? file.slice(0, -4) : '');
    // Changed documents keep their address: cached an hour, then revalidated by the ETag.
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('etag', pdf.etag)
      .header('content-language', LOCALE_OF[pdf.served])
      .header(LEGAL_FALLBACK_HEADER, pdf.served === pdf.language ? 'false' : 'true');
    if (request.headers['if-none-match'] === pdf.etag) return reply.status(304).send();
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.document}-${pdf.served}.pdf"`)
      .send(pdf.body);
  });
}
