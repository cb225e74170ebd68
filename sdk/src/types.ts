// The public types of the SDK, derived at the type level from the generated files: each operation's arguments and
// its 2xx answer, with string enums of answers widened so that a value the server adds later still compiles.

import type { operations as adminOperations } from './generated/admin-openapi.js';
import type { operations as partnerOperations, webhooks } from './generated/openapi.js';
import type { AdminOperationId, OperationId, operationTable, PartnerOperationId } from './operations.js';

/** The operations of both documents: their ids never meet (the operator API's start with `admin.`). */
type operations = partnerOperations & adminOperations;

type Table = typeof operationTable;
type Operation<Id extends OperationId> = operations[Id];

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
type WidenedStrings<S> = [S] extends [never]
  ? never
  : string extends S
    ? S
    : true extends IsUnion<S>
      ? S | (string & {})
      : S;
type WidenedOther<T> = T extends readonly (infer E)[]
  ? Widened<E>[]
  : T extends object
    ? { [K in keyof T]: Widened<T[K]> }
    : T;

/**
 * An answer's type as a client must read it (spec Conventions 5, Versioning 2: new enum values may appear within
 * v1): every union of two or more string literals also admits any other string. Single literals (discriminants,
 * constants) are kept, so discriminated unions still narrow. Requests are not widened: the server refuses values
 * it does not know.
 */
export type Widened<T> = WidenedStrings<Extract<T, string>> | WidenedOther<Exclude<T, string>>;

type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;
type Row<Id extends OperationId> = Table[Id];

/** The request body of an operation, as the document declares it. */
export type RequestBody<Id extends OperationId> =
  Operation<Id> extends { requestBody?: infer B } ? ContentOf<NonNullable<B>> : never;

/** The query parameters of an operation. */
export type QueryParams<Id extends OperationId> = Operation<Id>['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

type PathParam<Id extends OperationId, Name> = Operation<Id>['parameters'] extends { path?: infer P }
  ? Name extends keyof NonNullable<P>
    ? NonNullable<P>[Name]
    : string
  : string;

/** A body the server answered that is not JSON (an attachment, a payout file). */
export interface BinaryBody {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

type SuccessOf<Id extends OperationId> = Operation<Id>['responses'] extends infer R
  ? Row<Id>['status'] extends keyof R
    ? R[Row<Id>['status']]
    : never
  : never;

/** The 2xx answer of an operation, widened (see Widened); binary answers as BinaryBody. */
export type Result<Id extends OperationId> = Row<Id>['response'] extends 'bytes'
  ? BinaryBody
  : SuccessOf<Id> extends { content: { 'application/json': infer J } }
    ? Widened<J>
    : undefined;

/** What every call may also say. */
export interface CallOptions {
  /** The Idempotency-Key of an operation that takes one; by default a fresh UUID per call, reused on its retries. */
  readonly idempotencyKey?: string;
  /** Aborts the call, its retries and their waits. */
  readonly signal?: AbortSignal;
}

type PathValues<Id extends OperationId, P extends readonly string[]> = {
  -readonly [I in keyof P]: PathParam<Id, P[I]>;
};
type PathArgs<Id extends OperationId> = PathValues<Id, Row<Id>['pathParams']>;
type BodyArg<Id extends OperationId> = Row<Id>['body'] extends null
  ? []
  : Row<Id>['bodyRequired'] extends true
    ? [body: RequestBody<Id>]
    : [body?: RequestBody<Id>];
type QueryArg<Id extends OperationId> = Row<Id>['queryParams'] extends readonly []
  ? []
  : Row<Id>['queryRequired'] extends true
    ? [query: QueryParams<Id>]
    : [query?: QueryParams<Id>];

/** The arguments of an operation's method: its path parameters in path order, its body, its query, then options. */
export type Args<Id extends OperationId> = [...PathArgs<Id>, ...BodyArg<Id>, ...QueryArg<Id>, options?: CallOptions];

export type Method<Id extends OperationId> = (...args: Args<Id>) => Promise<Result<Id>>;

type Paged = { [Id in OperationId]: Row<Id>['paging'] extends null ? never : Id }[OperationId];

/** One item of a paged list's answer. */
export type Item<Id extends OperationId> =
  Result<Id> extends readonly (infer E)[] ? E : Result<Id> extends { value: readonly (infer E)[] } ? E : never;

type IteratorArgs<Id extends OperationId> = [
  ...PathArgs<Id>,
  query?: Omit<QueryParams<Id>, 'page' | 'startingAfter'>,
  options?: Omit<CallOptions, 'idempotencyKey'>,
];

/** The iterator of a paged list: every item of every page, pages read as they are needed. */
export type Iterate<Id extends OperationId> = (...args: IteratorArgs<Id>) => AsyncIterableIterator<Item<Id>>;

/** `list` pages through `iterate`; another paged action `foo` through `iterateFoo`. */
export type IteratorName<Action extends string> = Action extends 'list' ? 'iterate' : `iterate${Capitalize<Action>}`;

type GroupOf<Name> = Name extends `${infer G}.${string}` ? G : never;

/** The methods of a set of operation ids, grouped by resource: `orders.get` is `group.orders.get`. */
export type Groups<Ids extends OperationId, Prefix extends string> = {
  [G in GroupOf<Ids extends `${Prefix}${infer Rest}` ? Rest : never>]: {
    [Id in Ids as Id extends `${Prefix}${G}.${infer A}` ? A : never]: Method<Id>;
  } & {
    [Id in Ids & Paged as Id extends `${Prefix}${G}.${infer A}` ? IteratorName<A> : never]: Iterate<Id>;
  };
};

export type { AdminOperationId, PartnerOperationId };

type EventBodies = {
  [T in keyof webhooks]: webhooks[T] extends { post: { requestBody: infer B } } ? ContentOf<B> : never;
};

/** An event whose type this SDK's document does not list yet: new event types are additive (Versioning 2). */
export interface UnknownWebhookEvent {
  eventId?: string;
  id: string;
  type: string & {};
  api_version: string;
  data: { [key: string]: unknown };
}

/** A webhook delivery's body, typed from the document's `webhooks` section by its `type`. */
export type WebhookEvent = Widened<EventBodies[keyof EventBodies]> | UnknownWebhookEvent;

export type { OperationId };
