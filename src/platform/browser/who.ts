/** Who is at a signed-in site's door (the console's, the dashboard's): where from, and the request it came in. */
export interface Who {
  readonly address: string;
  readonly userAgent: string | undefined;
  /** The request's X-Request-Id, for the audit log's entry of the sign-in. */
  readonly requestId: string;
}
