import { session } from './session';

/** A failed call: the HTTP status and the parsed body (api.md error shapes), if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

type TRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as multipart/form-data instead of JSON. */
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Transport only: JSON in and out with the session's bearer token. What the interface does
 * with a failure (toasts, signing out) lives in app/providers.tsx, not here.
 */
export async function apiRequest<T>(path: string, request: TRequest = {}): Promise<T> {
  const method = request.method ?? 'POST';
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.form) {
    body = request.form;
  } else if (request.body !== undefined || (method !== 'GET' && method !== 'DELETE')) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body ?? {});
  }
  const query = Object.entries(request.query ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  );
  const url = query.length
    ? `${path}?${new URLSearchParams(query.map(([key, value]) => [key, String(value)])).toString()}`
    : path;
  const response = await fetch(url, { method, headers, body, signal: request.signal });
  if (response.status === 204) return undefined as T;
  const parsed = parseJson(await response.text());
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as T;
}

/**
 * A file's bytes, with the session's bearer token: for a file the server gives only to whoever
 * sends the token (a KYC scan), which an `<img src>` or a link could therefore not fetch.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { method: 'GET', headers, signal });
  if (!response.ok) throw new ApiError(response.status, parseJson(await response.text()));
  return response.blob();
}

/** The body as JSON; null when empty or not JSON (a proxy's HTML error page, say). */
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
