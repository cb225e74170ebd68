import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

// The API reference pages: Swagger UI (@fastify/swagger-ui, its own files served from <prefix>/static) showing one
// published document, under the page's own Content-Security-Policy (platform/openapi.ts, referencePagePolicy).
//
// Two things the package does not let its options say are done with Swagger UI's own extension points:
// - The document the page loads and links is the published one (`/openapi.json`), not the package's `<prefix>/json`
//   (issue 30, item 4): the package's initializer fixes `url` after the options, so the page is given a `configUrl`,
//   a small JSON of this server's that Swagger UI fetches first and whose `url` wins over the initializer's.
// - A partner who authorized with the password flow stays authorized (issue 30, item 6): tokens last about 300
//   seconds, and Swagger UI never asks for another. keepPartnerAuthorized, a Swagger UI plugin, asks for a new token
//   with the credentials the Authorize dialog already holds in the page's memory, 30 seconds before the current one
//   expires. Nothing is stored: Swagger UI's persistAuthorization is left off because it writes the whole
//   authorization, password included, to localStorage; a reload asks for the credentials again
//   (docs/decisions/sdk-and-docs.md, "The reference page keeps a partner authorized").
//
// The plugins run in the browser: the package writes each function's source text into the page's initializer, so
// each must be whole in itself (it may use the browser's globals, never a name of this module).

/** The browser's globals the plugins use (this project compiles without the DOM library). */
declare const SwaggerUIBundle: { readonly plugins: { DownloadUrl(system: unknown): unknown } };
declare const document: {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
};

/** Swagger UI's own plugin that fetches the document at `url`; listed again because `plugins` replaces the list. */
export function downloadDocument(system: unknown): unknown {
  return SwaggerUIBundle.plugins.DownloadUrl(system);
}

/** What Swagger UI hands the authorizeOauth2 action: the authorization as the dialog made it, and the token. */
interface Oauth2Authorization {
  readonly auth: { readonly name: string; readonly schema?: { get(key: string): unknown } };
  readonly token?: { readonly expires_in?: unknown };
}
interface AuthSystem {
  readonly authActions: { authorizePassword(auth: unknown): unknown };
  /** Swagger UI's configuration, with what the page's swagger-config.json adds (the renewal's margin). */
  getConfigs(): { readonly tokenRenewalMarginSeconds?: unknown };
}

/**
 * Renews a password-flow authorization before its token expires: when the token answer says `expires_in`, the same
 * authorization (username, password, client id, as typed in the dialog) is sent to the token endpoint again
 * `limits.referencePageTokenRenewalMarginSeconds` before the end (at half the lifetime for a short one); the function
 * runs in the reader's browser, so the margin reaches it in the page's swagger-config.json, and Swagger UI replaces the token as it does on
 * Authorize. A tab the browser put to sleep renews as soon as it is shown again if the moment passed. Logout, or a
 * new Authorize, cancels the pending renewal.
 */
export function keepPartnerAuthorized(): unknown {
  const renewals: Record<string, { timer: ReturnType<typeof setTimeout>; dueAt: number; renew: () => void }> = {};
  const cancel = (name: string) => {
    const pending = renewals[name];
    if (pending !== undefined) clearTimeout(pending.timer);
    delete renewals[name];
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    for (const pending of Object.values(renewals)) if (Date.now() >= pending.dueAt) pending.renew();
  });
  return {
    statePlugins: {
      auth: {
        wrapActions: {
          authorizeOauth2:
            (original: (payload: Oauth2Authorization) => unknown, system: AuthSystem) =>
            (payload: Oauth2Authorization) => {
              const answer = original(payload);
              const { auth, token } = payload;
              const lifetime = Number(token?.expires_in);
              const marginSeconds = Number(system.getConfigs().tokenRenewalMarginSeconds);
              cancel(auth.name);
              if (auth.schema?.get('flow') !== 'password' || !(lifetime > 0) || !(marginSeconds >= 0)) return answer;
              const delaySeconds = Math.max(lifetime - marginSeconds, lifetime / 2);
              const renew = () => {
                cancel(auth.name);
                system.authActions.authorizePassword(auth);
              };
              renewals[auth.name] = {
                timer: setTimeout(renew, delaySeconds * 1000),
                dueAt: Date.now() + delaySeconds * 1000,
                renew,
              };
              return answer;
            },
          logout: (original: (names: readonly string[]) => unknown) => (names: readonly string[]) => {
            for (const name of names) cancel(name);
            return original(names);
          },
        },
      },
    },
  };
}

export interface ReferencePage {
  /** Where the page is served: `/docs` (the page is `/docs/`, its files `/docs/static/...`). */
  readonly prefix: string;
  /** The page's title. */
  readonly title: string;
  /** The published document the page loads and links: `/openapi.json`. */
  readonly documentUrl: string;
  /** The same document, built; `<prefix>/json` and `<prefix>/yaml`, the package's own routes, serve it as well. */
  readonly document: () => Promise<object>;
  /** The page's Content-Security-Policy, on the page, its files and its document. */
  readonly policy: string;
  /** Swagger UI's plugins beside the one that fetches the document. */
  readonly plugins?: readonly (() => unknown)[];
  /** What the plugins read of Swagger UI's configuration (they run in the browser), served in swagger-config.json. */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** One reference page, in a scope of its own (the package may be registered once per scope). */
export async function registerReferencePage(app: FastifyInstance, page: ReferencePage): Promise<void> {
  // What Swagger UI's configUrl reads first: the document's URL, which wins over the initializer's `<prefix>/json`.
  const configUrl = `${page.prefix}/swagger-config.json`;
  app.get(configUrl, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-security-policy', page.policy).send({ url: page.documentUrl, ...page.settings }),
  );
  // The package's `<prefix>/json` hands the document over synchronously (transformSpecification): its routes first
  // wait for it to be built.
  let built: object | undefined;
  await app.register(async (scope) => {
    await scope.register(swaggerUi, {
      routePrefix: page.prefix,
      // Nothing is fetched from elsewhere: no validator badge (validatorUrl null), the bundle, styles and icons are
      // the package's own files served from <prefix>/static.
      // BaseLayout: no top bar, whose URL box and logo only serve to load other documents (and fail axe's label and
      // image-alt rules).
      uiConfig: {
        configUrl,
        deepLinking: true,
        validatorUrl: null,
        displayOperationId: true,
        defaultModelsExpandDepth: 0,
        // Tags start closed: a reader opens the resource they want. Beyond about 130 operations listed open, Swagger
        // UI 5 stops drawing after the third tag (docs/decisions/sdk-and-docs.md, "Tags start closed").
        docExpansion: 'none',
        layout: 'BaseLayout',
        plugins: [downloadDocument, ...(page.plugins ?? [])] as never,
      },
      theme: { title: page.title },
      staticCSP: page.policy,
      uiHooks: {
        onRequest: async () => {
          built ??= await page.document();
        },
      },
      transformSpecification: () => built as Record<string, unknown>,
      transformSpecificationClone: false,
    });
  });
}
