import { DrizzleQueryError } from 'drizzle-orm';

/** The constraint an error of SQLSTATE `state` names, looking through wrapped errors. */
function violation(error: unknown, state: string): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === state) return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/** The constraint a unique violation (SQLSTATE 23505) names. */
export const uniqueViolation = (error: unknown) => violation(error, '23505');

/** Properties of an error that say what failed without carrying what was sent. */
const LOGGED_PROPERTIES = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'dataType',
  'routine',
] as const;

export type TLoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * An error as the log keeps it. A failed query names its SQL but never its parameters (a
 * registration's would be the password hash, the email and the phone), and the database's own
 * `detail` ("Key (email)=(...) already exists") is left out: only the properties above, the
 * message and the stack frames are kept, through every `cause`.
 */
export function loggableError(error: Error, depth = 0): TLoggedError {
  const message = error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: TLoggedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of LOGGED_PROPERTIES) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) logged[key] = value;
  }
  if (error.cause instanceof Error && depth < 5) logged.cause = loggableError(error.cause, depth + 1);
  else if (error.cause !== undefined) logged.cause = typeof error.cause;
  return logged;
}
