import { type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, and a memo of chosen reads.
 *
 * PGlite's `query` parses, describes and plans every statement anew, in six calls into
 * WebAssembly, and parses every answer message in JavaScript: about 1.2 ms for the profile read,
 * against about 0.1-0.2 ms for a statement parsed once and then bound and run in one call
 * (docs/performance.md). drizzle's PGlite driver drops the name of `.prepare(name)`, so the
 * statements that are named on PostgreSQL are marked here (`keep`) by their text, and run as named
 * statements: parsed once, planned as PostgreSQL plans a prepared statement (a generic plan once it
 * costs no more than the custom ones). Every other statement goes to PGlite's `query`.
 *
 * A kept statement may also be memoised (`memoMs`): its answer for the same parameters is given
 * again, without running it, while nothing else has run on the database since and for at most
 * `memoMs`. This is correct only because PGlite is this process's own database (docs/DESIGN:
 * one connection, in the process; nobody else writes to it): every statement that anyone runs on
 * this PGlite, through drizzle, PGlite's own `query`, `exec` or a transaction, passes through
 * `execProtocolRawSync`, which counts them (`generation`); a memoised answer is only given back
 * while the count has not moved since it was read. Conservative: any other statement, a read too,
 * forgets every memoised answer. The time limit bounds what the statement's own `now()` can make
 * stale. Never used on PostgreSQL, where other processes write.
 *
 * A kept statement may instead be quiet (`QUIET`): a read that is never memoised and does not
 * move the count either, so it forgets no memoised answer (the fold's check for new events, run
 * many times a second, would otherwise forget the profile's). Only a statement that writes
 * nothing may be quiet.
 */
export type TNamedStatements = PGlite & {
  /** Runs this statement text, from now on, as a named statement; memoised for `memoMs` if given, or QUIET. */
  keep(text: string, memoMs?: number): void;
  /** How many statements have run on this PGlite, the memoised reads aside. */
  generation(): number;
};

type TDatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;
type TParameterDescription = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;
type TRowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;

type TStatement = { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };

/** What the fast path cannot answer itself: PGlite's own `query` answers it. */
const FALLBACK = Symbol('fallback');

const serialize = protocol.serialize;

type TMemo = { answer: Uint8Array; generation: number; until: number };

/** `keep(text, QUIET)`: a read that neither is memoised nor forgets the memoised answers. */
export const QUIET = -1;

/** Answers memoised at most: past it, all are forgotten (one per live session at most matters). */
const MEMO_ENTRIES = 10_000;

export function namedStatements(client: PGlite): TNamedStatements {
  const kept = new Map<string, number>();
  const statements = new Map<string, TStatement>();
  const memo = new Map<string, TMemo>();
  let generation = 0;
  let named = 0;
  let memoisedRead = false;
  // Every statement run on this PGlite goes through here (PGlite's query, exec, transactions
  // and the named statements below): all but a memoised read move the generation.
  const execProtocolRawSync = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (!memoisedRead) generation++;
    return execProtocolRawSync(message);
  };

  /** Parse and describe, once per text; FALLBACK when PostgreSQL refuses it (PGlite's query reports why). */
  async function prepare(text: string): Promise<TStatement | typeof FALLBACK> {
    const name = `portal_named_${++named}`;
    const message = concat([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    let paramTypes: number[] = [];
    let fields: TStatement['fields'] = [];
    try {
      const { messages } = await client.execProtocol(message, { syncToFs: false });
      for (const msg of messages) {
        if (msg.name === 'parameterDescription') paramTypes = (msg as TParameterDescription).dataTypeIDs;
        if (msg.name === 'rowDescription')
          fields = (msg as TRowDescription).fields.map((field) => ({
            name: field.name,
            dataTypeID: field.dataTypeID,
          }));
      }
    } catch (error) {
      if (error instanceof protocol.messages.DatabaseError) return FALLBACK;
      throw error;
    }
    const statement = { name, paramTypes, fields };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T> | typeof FALLBACK> {
    const statement = statements.get(text) ?? (await prepare(text));
    if (statement === FALLBACK) return FALLBACK;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[index]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      // As PGlite's query: the type's serializer, else the value's own `toString`.
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
    const message = concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const memoMs = kept.get(text) ?? 0;
    memoisedRead = memoMs > 0 || memoMs === QUIET;
    let answer: Uint8Array;
    try {
      answer = client.execProtocolRawSync(message);
    } finally {
      memoisedRead = false;
    }
    const result = readAnswer<T>(answer, statement, client, options);
    if (result instanceof protocol.messages.DatabaseError) {
      if (result.code === '0A000' && /cached plan must not change result type/.test(result.message)) {
        // The schema changed under the statement: forget it; PGlite's query runs it this time.
        statements.delete(text);
        await client.execProtocolRaw(
          concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
          { syncToFs: false },
        );
        return FALLBACK;
      }
      throw Object.assign(result, { query: text, params, queryOptions: options });
    }
    if (memoMs > 0 && result.command === 'SELECT') {
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(memoKey(text, params), { answer, generation, until: Date.now() + memoMs });
    }
    await client.syncToFs();
    return result;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!kept.has(text) || !plain(options)) return client.query<T>(text, params, options);
    const memoised = kept.get(text)! > 0 ? remembered<T>(text, params, options) : undefined;
    if (memoised) return memoised;
    await client._checkReady();
    // As PGlite's own query: one statement at a time, never inside another caller's transaction.
    const result = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
    return result === FALLBACK ? client.query<T>(text, params, options) : result;
  }

  /** The memoised answer, while no other statement has run since and it is not too old. */
  function remembered<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    if (memo.size === 0) return undefined;
    const key = memoKey(text, params);
    const entry = memo.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation) {
      memo.clear();
      return undefined;
    }
    if (Date.now() >= entry.until) {
      memo.delete(key);
      return undefined;
    }
    const statement = statements.get(text);
    if (!statement) return undefined;
    const result = readAnswer<T>(entry.answer, statement, client, options);
    return result instanceof protocol.messages.DatabaseError ? undefined : result;
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'keep') return (text: string, memoMs = 0) => kept.set(text, memoMs);
      if (property === 'generation') return () => generation;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as TNamedStatements;
}

/** Parameters are numbers, strings, booleans, dates or null here: JSON tells them apart enough. */
function memoKey(text: string, params: unknown[]): string {
  return `${text}\u0000${JSON.stringify(params, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))}`;
}

/** Options the fast path honours: the row mode, parsers and serializers. */
function plain(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  return Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers' || key === 'serializers');
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

/**
 * The rows of a bound statement's answer (BindComplete, DataRow..., CommandComplete,
 * ReadyForQuery), read from the bytes; the error when there is one, decoded by pg-protocol.
 */
function readAnswer<T>(
  answer: Uint8Array,
  statement: TStatement,
  client: PGlite,
  options: QueryOptions | undefined,
): Results<T> | TDatabaseError {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const { fields } = statement;
  const parsers = fields.map(
    (field) => options?.parsers?.[field.dataTypeID] ?? client.parsers[field.dataTypeID],
  );
  const arrays = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let command: string | undefined;
  let rowCount = NaN;
  for (let offset = 0; offset < bytes.length;) {
    const type = bytes[offset]!;
    const length = bytes.readInt32BE(offset + 1);
    const body = offset + 5;
    const end = offset + 1 + length;
    if (type === 0x44 /* D: DataRow */) {
      const count = bytes.readInt16BE(body);
      const row: unknown[] = new Array(count);
      for (let index = 0, at = body + 2; index < count; index++) {
        const size = bytes.readInt32BE(at);
        at += 4;
        if (size < 0) {
          row[index] = null;
          continue;
        }
        const text = bytes.toString('utf8', at, at + size);
        at += size;
        const parser = parsers[index];
        row[index] = parser ? parser(text, fields[index]!.dataTypeID) : text;
      }
      rows.push(arrays ? row : Object.fromEntries(fields.map((field, index) => [field.name, row[index]])));
    } else if (type === 0x43 /* C: CommandComplete */) {
      const tag = bytes.toString('utf8', body, end - 1).split(' ');
      command = tag[0];
      rowCount = parseInt(tag[tag.length - 1]!, 10);
    } else if (type === 0x45 /* E: ErrorResponse */) {
      let error: TDatabaseError | undefined;
      new protocol.Parser().parse(bytes.subarray(offset, end), (msg) => {
        if (msg instanceof protocol.messages.DatabaseError) error = msg;
      });
      if (error) return error;
    }
    offset = end;
  }
  const affectedRows =
    command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
      ? rowCount
      : 0;
  return {
    rows,
    fields,
    affectedRows,
    ...(command === undefined ? {} : { command }),
    ...(Number.isNaN(rowCount) ? {} : { rowCount }),
  } as Results<T>;
}
