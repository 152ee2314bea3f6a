import {
  API_KEY_HEADER,
  mayActAs,
  OPERATOR_ROLES,
  type TOperatorRole,
  ZDetail,
  ZFieldErrors,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from './error-handler';
import { fail } from './errors';
import { idempotencyOf, type StoredAnswer, type TIdempotency } from './idempotency';

/**
 * Who may call a route: anyone, a signed-in user, or an operator with the role named (api.md
 * "Pinned for the back office": an admin may call every operator route, a superuser has every role).
 */
export type TAuth = 'public' | 'user' | TOperatorRole;

/**
 * Who calls: a session's user, or the owner of an API key (`sessionId` null, never an operator).
 * `roles`: the operator roles they act with (`effectiveRoles`), empty for a partner.
 */
export type TAuthUser = {
  id: number;
  sessionId: string | null;
  isSuperuser: boolean;
  roles: readonly TOperatorRole[];
};

const isOperatorAuth = (auth: TAuth): auth is TOperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(auth);

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the bearer token to its user, or throws 401 (modules/sessions). */
    authenticate(request: FastifyRequest): Promise<TAuthUser>;
    /** Resolves an API key to its owner, counting the request; 401 or 429 (modules/api-keys). */
    authenticateApiKey(key: string): Promise<TAuthUser>;
    /** The stored answer of an Idempotency-Key used before (modules/idempotency). */
    storedAnswer(idempotency: TIdempotency | null): Promise<StoredAnswer | null>;
    /** The key of request hashes for Idempotency-Keys (derived from SECRET_KEY). */
    idempotencyHashKey: Buffer;
    /** Whether the maintenance window runs now (modules/configs): `movesMoney` routes answer 503. */
    inMaintenance(): boolean;
  }
}

const API_KEY_HEADER_NAME = API_KEY_HEADER.toLowerCase();

type Part = z.ZodType | undefined;
type Out<S extends Part> = S extends z.ZodType ? z.output<S> : undefined;

type Context<B extends Part, Q extends Part, P extends Part, A extends TAuth> = {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The Idempotency-Key of an `idempotent` route, for the service's `once()`; null without one. */
  idempotency: TIdempotency | null;
} & (A extends 'public' ? { user?: undefined } : { user: TAuthUser });

export type TRouteSpec<
  B extends Part,
  Q extends Part,
  P extends Part,
  R extends z.ZodType,
  A extends TAuth,
> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /** The success status: 200 unless said; 204 answers no body. */
  status?: 200 | 201 | 202 | 204;
  response: R;
  /** Other content types than JSON that the body may come in (documentation only). */
  consumes?: string[];
  /**
   * A money-moving call: it takes an Idempotency-Key (api.md); a repeat answers the stored answer
   * before anything else runs. `ignore` lists body fields left out of the request's hash.
   * `inOnce`: the handler's work is the service's `once()`, which answers a repeat itself (the
   * key, written with the answer, finds the stored one, also when the work fails), so the early
   * look-up is left out: one round trip less for every first request. Only for a handler that
   * checks nothing before `once()` and writes nothing a repeat must not write again.
   */
  idempotent?: { ignore: readonly string[]; inOnce?: true };
  /**
   * The call moves money (a purchase, an order, a payment, a withdrawal, a transfer, an invoice,
   * an admin's money decision): inside the maintenance window it answers 503 before anything runs
   * (compensation-plan.md section 9). The OpenAPI document marks it `x-moves-money`.
   */
  movesMoney?: true;
  /**
   * The route's own check of who calls, in place of `app.authenticate` (same answers: 401 when
   * the token or its session is not good): for a read that checks the session in the statement
   * that reads its data, one round trip instead of two.
   */
  authenticate?: (request: FastifyRequest) => Promise<TAuthUser>;
  /**
   * A public route's own check of its caller (the bot webhook's secret), run where a token is
   * checked: before the body is read, so a caller without it hears 401 whatever the body holds.
   */
  verify?: (request: FastifyRequest) => void;
  /**
   * A read an API key may make (docs/decisions.md "API keys"): the caller's balances,
   * transactions and team. Every route without it answers 403 to a request that carries a key.
   */
  apiKey?: true;
  handler(context: Context<B, Q, P, A>): Promise<z.input<R>>;
};

/**
 * Registers one route. Requests are parsed by the zod contracts; the answer is serialized from
 * the response schema's JSON Schema by Fastify's serializer, which drops undeclared fields, so a
 * secret can never leave by accident (DESIGN.md).
 */
export function route<B extends Part, Q extends Part, P extends Part, R extends z.ZodType, A extends TAuth>(
  app: FastifyInstance,
  spec: TRouteSpec<B, Q, P, R, A>,
): void {
  const status = spec.status ?? 200;
  const schema: FastifySchema = {
    summary: spec.summary,
    tags: spec.tags,
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.consumes ? { consumes: spec.consumes } : {}),
    ...(spec.auth === 'public'
      ? {}
      : { security: spec.apiKey ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }] }),
    ...(spec.movesMoney ? { 'x-moves-money': true } : {}),
    // The operator role the route needs (an admin may call it too).
    ...(isOperatorAuth(spec.auth) ? { 'x-role': spec.auth } : {}),
    response: {
      [status]: status === 204 ? { type: 'null', description: 'No content' } : responseSchema(spec.response),
      400: errorSchemas.fields,
      ...(spec.auth === 'public' && !spec.verify ? {} : { 401: errorSchemas.detail }),
      ...(isOperatorAuth(spec.auth) ? { 403: errorSchemas.detail } : {}),
      ...(spec.idempotent ? { 409: errorSchemas.detail } : {}),
      ...(spec.movesMoney ? { 503: errorSchemas.detail } : {}),
    },
  };
  app.route({
    method: spec.method,
    url: spec.url,
    schema,
    // Who calls is checked before what is sent: onRequest runs before the body is read and
    // validated, so a caller without a token hears 401 (and a partner on an admin call 403)
    // whatever the body holds, and learns nothing of the contract.
    // Maintenance is checked next, still before the body: nothing of the call runs, nothing changes.
    onRequest: async (request) => {
      // A request with an API key is the key's, whatever else it carries: refused outright on
      // every route not marked `apiKey`, before the key is even looked up.
      const apiKey = request.headers[API_KEY_HEADER_NAME];
      if (apiKey !== undefined) {
        if (!spec.apiKey) throw fail.apiKeyReadOnly();
        request.authUser = await app.authenticateApiKey(String(apiKey));
      } else if (spec.auth !== 'public') {
        const user = await (spec.authenticate ?? app.authenticate)(request);
        if (isOperatorAuth(spec.auth) && !mayActAs(user.roles, spec.auth)) throw fail.forbidden();
        request.authUser = user;
      } else {
        spec.verify?.(request);
      }
      if (spec.movesMoney && app.inMaintenance()) throw fail.unavailable('maintenance');
    },
    handler: async (request, reply) => {
      const idempotency =
        spec.idempotent && request.authUser
          ? idempotencyOf(
              request,
              request.authUser.id,
              `${spec.method} ${spec.url}`,
              spec.idempotent.ignore,
              app.idempotencyHashKey,
            )
          : null;
      const stored = spec.idempotent?.inOnce ? null : await app.storedAnswer(idempotency);
      if (stored) throw stored;
      const context = {
        idempotency,
        body: request.body,
        query: request.query,
        params: request.params,
        request,
        reply,
        user: request.authUser,
      } as Context<B, Q, P, A>;
      const result = await spec.handler(context);
      if (status === 204) return reply.status(204).send();
      return reply.status(status).send(result);
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: TAuthUser;
  }
}

/** Request parts are validated by their zod schema; a missing body counts as `{}`. */
export function installZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
      const result = zodSchema.safeParse(input);
      return result.success
        ? { value: result.data }
        : { error: new RequestValidationError(result.error.issues) };
    };
  });
}

/** JSON Schema of a request part for the OpenAPI document. */
export function requestJsonSchema(schema: unknown): unknown {
  return schema instanceof z.ZodType ? toJsonSchema(schema, 'input') : schema;
}

function responseSchema(schema: z.ZodType): object {
  return toJsonSchema(schema, 'output');
}

const errorSchemas = {
  fields: { description: 'Messages per field', ...toJsonSchema(ZFieldErrors, 'output') },
  detail: toJsonSchema(ZDetail, 'output'),
};

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return simplifyNullable(json) as Record<string, unknown>;
}

/**
 * zod writes `x | null` as `anyOf: [x, {type: "null"}]`; fast-json-stringify serializes the
 * equivalent `type: [x, "null"]` without validating every value against each branch.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, simplifyNullable(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => (branch as { type?: unknown }).type === 'null');
    const other = anyOf[1 - nullIndex] as Record<string, unknown> | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = object;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return object;
}
