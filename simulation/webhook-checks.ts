import { signatureOf, standardSignatureOf } from '../src/events/signature.js';
import type { Db } from '../src/storage/db.js';
import type { Model } from './model.js';
import { EndpointHistory, partnerOf, type Signing } from './partner-model.js';
import { initialWebhookSecret, type Post, type Receivers } from './receivers.js';

// The webhooks as a partner's receivers see them, at the end of a sequence (issue 16: "every webhook still signed
// correctly"). Every post that carried one of the workspace's events is verified as the partner's receiver verifies
// it, against the secrets the partner had set on the endpoint when the post was made (partner-model.ts): the spec's
// X-Service-Signature-256 under the current secret, webhook-signature (Standard Webhooks) under the current one
// and, during the grace after a rotation, the one it replaced; the legacy endpoint's posts unsigned. And every
// delivery recorded delivered reached one of its endpoint's URLs with a 2xx answer.

/** The grace of a replaced secret, as the post's webhook-timestamp (whole seconds) tells: in, out, or either. */
function withPrevious(signing: Signing, timestampSeconds: number): boolean[] {
  if (signing.previous === undefined || signing.previousUntilMs === undefined) return [false];
  if ((timestampSeconds + 1) * 1000 <= signing.previousUntilMs) return [true];
  if (timestampSeconds * 1000 >= signing.previousUntilMs) return [false];
  return [true, false];
}

/** The post carries exactly the signatures the endpoint, as it was, gives. */
export function signedAs(signing: Signing, post: Post, eventUid: string): boolean {
  const spec = post.headers['x-service-signature-256'];
  const standard = post.headers['webhook-signature'];
  if (signing.secret === undefined) return spec === undefined && standard === undefined;
  if (spec !== signatureOf(signing.secret, post.body) || post.headers['webhook-id'] !== eventUid) return false;
  const timestamp = Number(post.headers['webhook-timestamp']);
  const given = (standard ?? '').split(' ').sort().join(' ');
  return withPrevious(signing, timestamp).some((previous) => {
    const secrets = [signing.secret as string, ...(previous ? [signing.previous as string] : [])];
    const expected = secrets.map((s) => standardSignatureOf(s, eventUid, timestamp, post.body)).sort();
    return given === expected.join(' ');
  });
}

export async function signedDeliveryProblems(
  db: Db,
  workspaceId: string,
  model: Model,
  receivers: Receivers,
): Promise<string[]> {
  // Taken: the next sequence's checks start from the posts made after these.
  const posts = receivers.posts.splice(0);
  const state = partnerOf(model);
  const endpoints = await db.query<{ id: string; url: string; legacy: boolean }>(
    'select id::text as id, url, legacy from webhook_endpoints where workspace_id = $1',
    [workspaceId],
  );
  // Every endpoint's history by its id: the partner's, or (an endpoint whose creation's answer was lost, never
  // changed since) the one it was created as.
  const histories = new Map<string, EndpointHistory>();
  for (const e of endpoints) {
    const known = model.known.webhook.find((k) => k.id === e.id);
    const history = e.legacy
      ? state.legacy
      : known
        ? state.endpoint(known)
        : new EndpointHistory({ url: e.url, secret: initialWebhookSecret });
    if (history) histories.set(e.id, history);
  }
  const uidOf = (post: Post) => {
    try {
      return String((JSON.parse(post.body.toString('utf8')) as { eventId?: unknown }).eventId);
    } catch {
      return '';
    }
  };
  const uids = [...new Set(posts.map(uidOf))];
  const mine = new Set(
    (
      await db.query<{ uid: string }>(
        'select event_uid::text as uid from outbox_events where workspace_id = $1 and event_uid::text = any($2::text[])',
        [workspaceId, uids],
      )
    ).map((r) => r.uid),
  );
  const problems: string[] = [];
  const answered = new Map<string, Set<string>>();
  for (const post of posts) {
    const uid = uidOf(post);
    if (!mine.has(uid)) continue;
    if (post.statusCode !== undefined && post.statusCode < 300) {
      answered.set(uid, new Set([...(answered.get(uid) ?? []), post.url]));
    }
    const candidates: Signing[] = [];
    let unknowable = false;
    for (const history of histories.values()) {
      const states = history.at(post.index);
      if (states === undefined) unknowable = true;
      else candidates.push(...states.filter((s) => s.url === post.url));
    }
    if (candidates.length === 0) {
      if (!unknowable) problems.push(`webhooks: event ${uid} went to ${post.url}, which none of the endpoints had`);
      continue;
    }
    if (!candidates.some((s) => signedAs(s, post, uid)) && !unknowable) {
      problems.push(
        `webhooks are signed with the endpoint's secrets: event ${uid} to ${post.url} carried ` +
          `${post.headers['x-service-signature-256'] ?? 'no signature'} / ${post.headers['webhook-signature'] ?? 'none'}`,
      );
    }
  }
  // A delivery recorded delivered was answered 2xx at one of the URLs its endpoint had.
  const delivered = await db.query<{ endpoint_id: string; uid: string }>(
    `select d.endpoint_id::text as endpoint_id, o.event_uid::text as uid from webhook_deliveries d
     join outbox_events o on o.id = d.outbox_id where d.workspace_id = $1 and d.state = 'delivered'`,
    [workspaceId],
  );
  for (const d of delivered) {
    const history = histories.get(d.endpoint_id);
    if (history === undefined) continue;
    const urls = history.urls();
    if (![...(answered.get(d.uid) ?? [])].some((url) => urls.has(url))) {
      problems.push(
        `webhooks: event ${d.uid} recorded delivered to endpoint ${d.endpoint_id}, whose receivers never took it`,
      );
    }
  }
  return problems;
}
