import { limits } from '../../limits.js';
import type { Db } from '../../storage/db.js';
import { addSigningKey, allSigningKeys, retireSigningKey } from '../../storage/server-keys.js';
import { newSigningKey } from '../tokens.js';
import type { SecretsKeyring } from './keyring.js';
import { reencryptStoredSecrets, sealedValueCounts, UnreadableStoredSecretError } from './reencrypt.js';

// `npm run secrets -- <command>`: the operator's rotation commands (docs/reliability/rotation.md), run against the
// live database beside the serving processes. src/secrets-command.ts opens the store; this file is the work, so
// that tests run it in-process.

export const usage = `usage: npm run secrets -- <command>
  status                      the configured key ids, and how many stored values each key sealed
  reencrypt [--batch-size N] [--pause-ms N]
                              seal every stored secret again under SECRETS_KEY (step 3 of a rotation)
  signing-keys                the token-signing keys: id, created, signs from, retired
  signing-keys add            add a key: it verifies within ${limits.tokenSigningKeysRefreshMs / 1000} s everywhere, signs after ${limits.tokenSigningKeyActivationMs / 1000} s
  signing-keys retire <kid>   retire a key: its tokens are refused everywhere within ${limits.tokenSigningKeysRefreshMs / 1000} s`;

/** What the command exits with: 0 done, 1 wrong usage or refused, 2 a value no key opens, 3 values left under an old key. */
export const exitCodes = { done: 0, refused: 1, unreadable: 2, notFinished: 3 } as const;

export interface CommandDeps {
  readonly db: Db;
  readonly keyring: SecretsKeyring;
  readonly nowMs: () => number;
  readonly out: (line: string) => void;
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

function option(args: readonly string[], name: string, fallback: number): number | undefined {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

async function status(deps: CommandDeps): Promise<number> {
  deps.out(
    `SECRETS_KEY id ${deps.keyring.current.id}; decrypt-only ids: ${deps.keyring.ids.slice(1).join(', ') || 'none'}`,
  );
  const counts = await sealedValueCounts(deps.db);
  for (const c of counts) {
    const whose =
      c.keyId === deps.keyring.current.id
        ? 'current'
        : deps.keyring.key(c.keyId)
          ? 'decrypt-only'
          : c.keyId === 'v1'
            ? 'v1, no key id'
            : c.keyId === 'plaintext'
              ? 'documents with a sensitive field in the clear: reencrypt seals them'
              : 'UNKNOWN KEY';
    deps.out(`${c.column}: ${c.values} under ${c.keyId} (${whose})`);
  }
  // Fields in the clear are listed above; they are under no key, so they leave no rotation unfinished (reencrypt).
  const elsewhere = counts
    .filter((c) => c.keyId !== deps.keyring.current.id && c.keyId !== 'plaintext')
    .reduce((n, c) => n + c.values, 0);
  deps.out(
    elsewhere === 0
      ? 'every stored secret is sealed under SECRETS_KEY'
      : `${elsewhere} stored secrets are not yet under SECRETS_KEY`,
  );
  return exitCodes.done;
}

async function reencrypt(deps: CommandDeps, args: readonly string[]): Promise<number> {
  const batchSize = option(args, '--batch-size', limits.reencryptBatchSizeDefault);
  const pauseMs = option(args, '--pause-ms', limits.reencryptPauseDefaultMs);
  if (batchSize === undefined || batchSize === 0 || pauseMs === undefined) {
    deps.out(usage);
    return exitCodes.refused;
  }
  try {
    const reports = await reencryptStoredSecrets(deps.db, deps.keyring, { batchSize, pauseMs });
    for (const r of reports) {
      deps.out(`${r.column}: ${r.rewritten} rewritten, ${r.changedMeanwhile} changed meanwhile (left as written)`);
    }
  } catch (error) {
    if (!(error instanceof UnreadableStoredSecretError)) throw error;
    deps.out(
      `FAILED: ${error.message}. Nothing after it was rewritten; add the key that sealed it to SECRETS_DECRYPT_KEYS and run again.`,
    );
    return exitCodes.unreadable;
  }
  // A process still sealing under an old key (its restart not done yet) may have written meanwhile: say so. Fields
  // still in the clear are sealed by this run where it found them, but writers not yet sealing their fields (issue
  // #28 lists them) keep adding some: they are reported, and are no key left behind, so they do not hold a
  // rotation unfinished.
  const counts = await sealedValueCounts(deps.db);
  for (const c of counts.filter((count) => count.keyId === 'plaintext')) {
    deps.out(`in the clear: ${c.column}: ${c.values} (written since, by a writer that does not seal yet)`);
  }
  const left = counts.filter((c) => c.keyId !== deps.keyring.current.id && c.keyId !== 'plaintext');
  if (left.length === 0) {
    deps.out(`done: every stored secret is sealed under SECRETS_KEY (${deps.keyring.current.id})`);
    return exitCodes.done;
  }
  for (const c of left) deps.out(`left: ${c.column}: ${c.values} under ${c.keyId}`);
  deps.out('not finished: a process still seals under another key; restart it with the new SECRETS_KEY and run again');
  return exitCodes.notFinished;
}

async function signingKeys(deps: CommandDeps, args: readonly string[]): Promise<number> {
  const nowMs = deps.nowMs();
  if (args.length === 0) {
    for (const k of await allSigningKeys(deps.db)) {
      deps.out(
        `${k.kid}  created ${iso(k.created_at_ms)}  signs from ${iso(k.signs_from_ms)}  retired ${iso(k.retired_at_ms)}`,
      );
    }
    return exitCodes.done;
  }
  if (args[0] === 'add' && args.length === 1) {
    const key = newSigningKey(nowMs, nowMs + limits.tokenSigningKeyActivationMs);
    await addSigningKey(deps.db, key);
    deps.out(
      `added ${key.kid}: every process verifies its tokens within ${limits.tokenSigningKeysRefreshMs / 1000} s; it signs from ${iso(key.signsFromMs)}`,
    );
    return exitCodes.done;
  }
  if (args[0] === 'retire' && args.length === 2) {
    const kid = args[1] as string;
    const outcome = await retireSigningKey(deps.db, kid, nowMs);
    const said = {
      retired: `retired ${kid}: every process refuses its tokens within ${limits.tokenSigningKeysRefreshMs / 1000} s`,
      unknown: `no signing key ${kid}`,
      'already-retired': `${kid} was already retired`,
      'no-other-signing-key': `refused: no other key signs yet; add one and wait until it signs (signing-keys lists when)`,
    }[outcome];
    deps.out(said);
    return outcome === 'retired' || outcome === 'already-retired' ? exitCodes.done : exitCodes.refused;
  }
  deps.out(usage);
  return exitCodes.refused;
}

/** Runs one command; resolves to the process's exit code. */
export function runSecretsCommand(args: readonly string[], deps: CommandDeps): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'status' && rest.length === 0) return status(deps);
  if (command === 'reencrypt') return reencrypt(deps, rest);
  if (command === 'signing-keys') return signingKeys(deps, rest);
  deps.out(usage);
  return Promise.resolve(exitCodes.refused);
}
