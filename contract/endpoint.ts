import type { z } from 'zod';
import type { ApiKeyScope } from './api-keys.ts';
import type { DialogNeed } from './roles.ts';

/**
 * One API call as server and web both see it: method, path, schemas, who may call it and what it needs
 * on the dialog it names. The server registers its routes from these (server/routes/serve.ts), the web
 * calls them through `api.call` (web/api/client.ts), and OpenAPI is generated from the same objects.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call:
 * - public: anybody, no token read
 * - author: a signed-in author (live tokens are refused with 403)
 * - fresh_author: an author whose token comes from a password login within FRESH_TOKEN_MINUTES
 * - admin: an author with the admin flag
 * - live: a respondent's live token
 * - participant: a live token or an author token (the chat calls: the live chat or the assessment chat)
 */
export type Caller = 'public' | 'author' | 'fresh_author' | 'admin' | 'live' | 'participant';

type Schema = z.ZodType;

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify path syntax: '/api/surveys/:id/blocks/:question_id/answer_count'. */
  path: string;
  caller: Caller;
  /**
   * The capability the caller needs on the dialog the request names (an author caller only). The dialog
   * id is read from `dialogIdField` of the body, then the query, then the path (default 'survey_id',
   * and the path's ':id'); a dotted field ('item.survey_id') reads a nested object.
   */
  dialog?: DialogNeed;
  dialogIdField?: string;
  /**
   * The scope an API key needs to make this call in its author's name (contract/api-keys.ts); without
   * one the call refuses keys. Only author and fresh_author calls take keys (a key's call counts as
   * fresh).
   */
  keyScope?: ApiKeyScope;
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /** The success answer (200, or `status`); a download's is described by `produces`. */
  response: Schema;
  /** The status of a success when it is not 200: 201 for a call that creates something. */
  status?: 201;
  /** Error answers beyond those every call of its caller can get (400, and 401/403/404 where they apply). */
  errors?: Partial<Record<number, Schema>>;
  /** A body of files (multipart/form-data) instead of JSON. */
  multipart?: boolean;
  /** Media types of a download (the 200 answer is a file, not JSON). */
  produces?: readonly string[];
  /**
   * The response is built by the service from typed values and sent as plain JSON without checking it
   * against its schema again (the chat turns: that check cost a tenth of a turn). The schema still
   * documents it.
   */
  trustedResponse?: boolean;
  tags: readonly string[];
  summary: string;
  description?: string;
}

/** Keeps the literal types of a definition, so body and response types can be inferred from it. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

/** A's fields with B's instead where B has them (what `{ ...a, ...b }` makes). */
type Override<A, B> = Omit<A, keyof B> & B;

/** What a call of a group still names: every field the group leaves open, and any it overrides. */
type OwnFields<S> = Omit<EndpointDef, keyof S> & Partial<EndpointDef>;

/**
 * The endpoint maker of a group of calls: the fields they share (the tags, mostly the method and the
 * caller, sometimes the dialog need, key scope or errors) are named once, each call adds its own and may
 * override a shared one. The result is an ordinary definition with the literal types of both.
 */
export function endpointGroup<const S extends Partial<EndpointDef>>(shared: S) {
  return <const E extends OwnFields<S>>(def: E) => ({ ...shared, ...def }) as Override<S, E>;
}

type PostBase = { method: 'POST'; caller: 'author'; tags: string[] };

/**
 * The usual group: an area's POST calls (most of the API is POST with a JSON body, SPEC §7), tagged with
 * the area, by signed-in authors unless `shared` names another caller.
 */
export function postGroup<const S extends Partial<EndpointDef> = Record<never, never>>(
  tag: string,
  shared?: S,
) {
  const base: PostBase = { method: 'POST', caller: 'author', tags: [tag] };
  return endpointGroup({ ...base, ...shared } as Override<PostBase, S>);
}

type Infer<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type InferIn<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

export type BodyOf<E extends EndpointDef> = Infer<E['body'], undefined>;
export type QueryOf<E extends EndpointDef> = Infer<E['query'], undefined>;
export type ParamsOf<E extends EndpointDef> = Infer<E['params'], undefined>;
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

type Merge<A, B> = A extends undefined ? B : B extends undefined ? A : A & B;

/** What the web passes to `api.call`: path parameters, query and body fields in one object. */
export type InputOf<E extends EndpointDef> = Merge<
  Merge<InferIn<E['params'], undefined>, InferIn<E['query'], undefined>>,
  InferIn<E['body'], undefined>
>;

/**
 * A call as the respondent bundle sees it: method and path at run time, input and response as types
 * only. The respondent pages import these instead of the endpoint definitions, whose zod schemas would
 * otherwise travel with them; the endpoints of those calls take their method and path from here, so
 * each path is still written once.
 */
export interface RouteRef<Input, Response> {
  readonly method: HttpMethod;
  readonly path: string;
  /** Phantom: carries the types, never set. */
  readonly types?: { input: Input; response: Response };
}

export function route<Input, Response>(method: HttpMethod, path: string): RouteRef<Input, Response> {
  return { method, path };
}

/** What `api.call` takes: an endpoint of the table, or a respondent route. */
export type CallTarget = EndpointDef | RouteRef<unknown, unknown>;
export type CallInput<T extends CallTarget> = T extends EndpointDef
  ? InputOf<T>
  : T extends RouteRef<infer I, unknown>
    ? I
    : never;
export type CallResponse<T extends CallTarget> = T extends EndpointDef
  ? ResponseOf<T>
  : T extends RouteRef<unknown, infer R>
    ? R
    : never;

/** '/api/x/:id' with { id: 7 } → '/api/x/7'; the names used are left out of the rest. */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
