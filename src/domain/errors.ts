// The closed catalogue of the spec's nine error types. Every failure a client sees is one of these; the renderer in
// platform/error-envelope.ts alone decides the body shape from the route kind.

export const errorTypes = {
  ValidationError: 400,
  ExistenceError: 404,
  StateError: 409,
  DuplicityError: 409,
  AuthorizationError: 401,
  AllowanceError: 403,
  FundsError: 402,
  ExternalServiceError: 503,
  OperationError: 503,
} as const;

export type ErrorType = keyof typeof errorTypes;

/** The numeric ids the spec gives for some validation errors, with their names. */
export const numericErrorIds = {
  invalidParameters: 1008,
  notSupportedCurrency: 1002,
  errorCreatingOrder: 1021,
} as const;

export type NumericErrorName = keyof typeof numericErrorIds;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    message: string,
    /** Set only for the spec's numbered validation errors; other errors get "<type>-<timestamp>". */
    readonly numbered?: NumericErrorName,
    /** Extra response headers, e.g. RateLimit-* on a rate-limited write. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = type;
    this.status = errorTypes[type];
  }
}

export const validation = (message: string, numbered?: NumericErrorName) =>
  new ApiError('ValidationError', message, numbered);
export const existence = (message: string) => new ApiError('ExistenceError', message);
export const stateError = (message: string) => new ApiError('StateError', message);
export const duplicity = (message: string) => new ApiError('DuplicityError', message);
export const authorization = (message: string) => new ApiError('AuthorizationError', message);
export const allowance = (message: string) => new ApiError('AllowanceError', message);
export const funds = (message: string) => new ApiError('FundsError', message);
export const externalService = (message: string) => new ApiError('ExternalServiceError', message);
export const operation = (message: string) => new ApiError('OperationError', message);
