import type { TKycQueueEntry } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { KycPage } from './KycPage';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());
afterEach(() => vi.restoreAllMocks());

const QUEUE = '/api/v1/admin/kyc/';
const DECIDE = '/api/v1/admin/users/12/kyc/';
const DOCUMENT = '/api/v1/admin/users/12/kyc/files/document/';
const SELFIE = '/api/v1/admin/users/12/kyc/files/selfie/';

const anEntry = (patch: Partial<TKycQueueEntry> = {}): TKycQueueEntry => ({
  user_id: 12,
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Lima',
  kyc_status: 'pending',
  submitted_at: '2026-11-20T09:30:00.000Z',
  files: ['document', 'selfie'],
  ...patch,
});

const page = (results: TKycQueueEntry[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  current: 1,
  results,
});

/** The files the server holds, by path: their bytes' type (the document a PDF, the selfie a photo). */
const FILES: Record<string, string> = { [DOCUMENT]: 'application/pdf', [SELFIE]: 'image/png' };

/**
 * The KYC screen with the queue answered by `queue()` and every other JSON call by `answer`; the
 * files come as bytes with their content type. Each object URL made is kept with its blob, and
 * each one revoked is noted.
 */
function renderKyc({
  queue = () => [anEntry()],
  count,
  answer = () => ({ status: 404, body: {} }),
}: {
  queue?: () => TKycQueueEntry[];
  count?: number;
  answer?: (path: string, method: string) => TAnswer;
} = {}) {
  const view = renderWithApi(<KycPage />, (path, method) =>
    path === QUEUE && method === 'GET' ? { status: 200, body: page(queue(), count) } : answer(path, method),
  );
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const response = await json(url, init); // records the call, its headers among it
    const type = FILES[url];
    return type ? new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': type } }) : response;
  });
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:kyc-${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const queueReads = () => view.requests.filter((request) => request.path === QUEUE);
  return { ...view, blobs, revoke, queueReads };
}

const openAna = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Review the documents of Ana Lima' }));

describe('the KYC review screen', () => {
  it('lists the pending partners: name, address, when they sent the documents, status', async () => {
    const { queueReads } = renderKyc({
      queue: () => [
        anEntry(),
        anEntry({ user_id: 13, email: 'bo@example.com', first_name: '', last_name: '', submitted_at: null }),
      ],
    });
    const row = await screen.findByTestId('kyc-entry-12');
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Ana Lima',
      'ana@example.com',
      formatDateTime('2026-11-20T09:30:00.000Z'),
      'Pending review',
      'Review',
    ]);
    // No name: the address stands for it; nothing sent: a dash.
    const other = screen.getByTestId('kyc-entry-13');
    expect([...other.querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 3)).toEqual([
      'bo@example.com',
      'bo@example.com',
      '–',
    ]);
    expect(queueReads().map((request) => request.query)).toEqual([{ status: 'pending', page: '1' }]);
    expect(screen.getByRole('tab', { name: 'Pending review', selected: true })).toBeTruthy();
  });

  it('opens an entry on both files, read with the token: the photo shown, the PDF behind a link', async () => {
    const { requests, blobs, revoke } = renderKyc();
    await openAna();
    const review = screen.getByTestId('kyc-review');
    expect(within(review).getByRole('heading', { name: 'Ana Lima' })).toBeTruthy();

    const photo = await within(review).findByRole<HTMLImageElement>('img', { name: 'Selfie of Ana Lima' });
    expect(blobs.get(photo.getAttribute('src')!)?.type).toBe('image/png');
    const pdf = await within(review).findByRole<HTMLAnchorElement>('link', { name: 'Open the PDF' });
    expect(blobs.get(pdf.getAttribute('href')!)?.type).toBe('application/pdf');
    expect(pdf.target).toBe('_blank');
    expect(pdf.rel).toContain('noopener');

    for (const path of [DOCUMENT, SELFIE]) {
      expect(requests.find((request) => request.path === path)).toMatchObject({
        method: 'GET',
        headers: { authorization: 'Bearer token' },
      });
    }
    // Back to the queue: the bytes' URLs are let go.
    expect(revoke).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('kyc-back'));
    await screen.findByTestId('kyc-entry-12');
    expect(revoke.mock.calls.map(([url]) => url).sort()).toEqual([...blobs.keys()].sort());
  });

  it('says which file was not sent, and does not ask for it', async () => {
    const { requests } = renderKyc({ queue: () => [anEntry({ files: ['document'] })] });
    await openAna();
    expect(within(screen.getByTestId('kyc-file-selfie')).getByText('Not sent.')).toBeTruthy();
    await screen.findByRole('link', { name: 'Open the PDF' });
    expect(requests.some((request) => request.path === SELFIE)).toBe(false);
  });

  it('verifies with the reason, says so, and reads the queue again', async () => {
    let decided = false;
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests, queueReads } = renderKyc({
      queue: () => (decided ? [] : [anEntry()]),
      answer: (path, method) => {
        if (path === DECIDE && method === 'POST') {
          decided = true;
          return { status: 200, body: { kyc_status: 'verified' } };
        }
        return { status: 404, body: {} };
      },
    });
    await openAna();
    fireEvent.click(screen.getByTestId('kyc-verify'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Verify the KYC of ana@example.com');
    const reads = queueReads().length;

    fireEvent.change(screen.getByTestId('kyc-reason'), { target: { value: 'Passport matches the selfie' } });
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('KYC of ana@example.com: verified.'));
    expect(requests.filter((request) => request.path === DECIDE)).toMatchObject([
      { method: 'POST', body: { status: 'verified', reason: 'Passport matches the selfie' } },
    ]);
    expect(queueReads().length).toBeGreaterThan(reads);
    // Back on the queue, which no longer holds the partner.
    expect(await screen.findByText('No partner has this KYC status.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('kyc-review')).toBeNull();
  });

  it('rejects with the reason, after saying that the partner will see it', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests } = renderKyc({
      answer: (path, method) =>
        path === DECIDE && method === 'POST'
          ? { status: 200, body: { kyc_status: 'rejected' } }
          : { status: 404, body: {} },
    });
    await openAna();
    fireEvent.click(screen.getByTestId('kyc-reject'));
    expect(within(screen.getByRole('dialog')).getByRole('list').textContent).toContain(
      'The partner sees this reason in their profile',
    );
    fireEvent.change(screen.getByTestId('kyc-reason'), { target: { value: 'The photo is blurred' } });
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() =>
      expect(requests.find((request) => request.path === DECIDE)).toMatchObject({
        method: 'POST',
        body: { status: 'rejected', reason: 'The photo is blurred' },
      }),
    );
  });

  it('sends the status it is filtered by, from the first page again', async () => {
    const { queueReads } = renderKyc({ count: 45 });
    await screen.findByTestId('kyc-entry-12');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queueReads().at(-1)!.query).toEqual({ status: 'pending', page: '2' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(queueReads().at(-1)!.query).toEqual({ status: 'rejected', page: '1' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Not submitted' }));
    await waitFor(() => expect(queueReads().at(-1)!.query).toEqual({ status: 'none', page: '1' }));
  });
});
