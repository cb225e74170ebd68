import { externalService } from '../../domain/errors.js';
import type { Queryable } from '../../storage/db.js';
import { matchThreshold, nameScore, nameTokens } from './name-match.js';
import type { SdnEntry } from './ofac-csv.js';
import { type StoredList, storedEntries, storedLists } from './sanctions-store.js';
import { sandboxListName } from './sandbox-list.js';
import type { ListMatch, ScreenedList, ScreeningProvider, ScreeningSubject } from './screening-provider.js';

// The list-based provider: screens against the lists operators imported (sanctions-store.ts) and, in stage, the
// built-in sandbox list. Each list is held in memory as pre-tokenised names and reloaded when its version in the
// database changes, so every server process sees an import at its next screening. The full SDN list is about 18,000
// entries and 20,000 aliases: a screening scores each name once, 50 to 100 ms on a 2-core machine (measured on a
// synthetic list of that size).

interface IndexedEntry {
  readonly entry: SdnEntry;
  readonly names: readonly { readonly name: string; readonly tokens: readonly string[] }[];
}

interface IndexedList {
  readonly info: ScreenedList;
  readonly version: number;
  readonly entries: readonly IndexedEntry[];
}

const indexed = (entries: readonly SdnEntry[]): IndexedEntry[] =>
  entries.map((entry) => ({
    entry,
    names: [entry.name, ...entry.aliases].map((name) => ({ name, tokens: nameTokens(name) })),
  }));

/** Entries that can be the subject: people for INDIVIDUAL, entities for BUSINESS (vessels and aircraft are assets). */
const eligible = (subject: ScreeningSubject, entry: SdnEntry) =>
  subject.entityType === 'INDIVIDUAL' ? entry.entryType === 'individual' : entry.entryType === 'entity';

function matchesIn(list: IndexedList, subject: ScreeningSubject, tokens: readonly string[]): ListMatch[] {
  const found: ListMatch[] = [];
  for (const { entry, names } of list.entries) {
    if (!eligible(subject, entry)) continue;
    let best: { name: string; score: number } | undefined;
    for (const candidate of names) {
      const score = nameScore(tokens, candidate.tokens);
      if (score >= matchThreshold && (best === undefined || score > best.score)) best = { name: candidate.name, score };
    }
    if (best === undefined) continue;
    found.push({
      list: list.info.list,
      entryId: entry.entryId,
      listedName: entry.name,
      matchedName: best.name,
      programs: entry.programs,
      score: best.score,
      datesOfBirth: entry.datesOfBirth,
    });
  }
  return found;
}

export function listScreening(
  db: Queryable,
  options: {
    sandboxEntries?: readonly SdnEntry[];
    /** Production: a list imported longer ago than this makes screenings answer 503 rather than clear anyone. */
    maxListAge?: { readonly ms: number; readonly nowMs: () => number };
  } = {},
): ScreeningProvider {
  const cache = new Map<string, IndexedList>();
  const sandbox: IndexedList | undefined =
    options.sandboxEntries === undefined
      ? undefined
      : {
          info: { list: sandboxListName, listDate: null, importedAtMs: null },
          version: 0,
          entries: indexed(options.sandboxEntries),
        };

  async function current(stored: StoredList): Promise<IndexedList> {
    const held = cache.get(stored.list);
    if (held?.version === stored.version) return held;
    const fresh: IndexedList = {
      info: { list: stored.list, listDate: stored.listDate, importedAtMs: stored.importedAtMs },
      version: stored.version,
      entries: indexed(await storedEntries(db, stored.list)),
    };
    cache.set(stored.list, fresh);
    return fresh;
  }

  return {
    async screen(subject) {
      const stored = await storedLists(db);
      const maxAge = options.maxListAge;
      const stale = maxAge && stored.find((list) => maxAge.nowMs() - list.importedAtMs > maxAge.ms);
      if (stale) {
        const days = Math.floor((maxAge.nowMs() - stale.importedAtMs) / 86_400_000);
        throw externalService(
          `The sanctions list ${stale.list} was imported ${days} days ago, longer ago than this server accepts; nobody is screened against a stale list until an operator imports a fresh one`,
        );
      }
      const imported = await Promise.all(stored.map(current));
      const lists = sandbox === undefined ? imported : [sandbox, ...imported];
      if (lists.length === 0) {
        throw externalService(
          'No sanctions list has been imported, so nothing can be screened; an operator runs brokerage sanctions import',
        );
      }
      const tokens = nameTokens(subject.name);
      const matches = lists
        .flatMap((list) => matchesIn(list, subject, tokens))
        .sort((a, b) => b.score - a.score || a.list.localeCompare(b.list) || a.entryId.localeCompare(b.entryId));
      return { matches, lists: lists.map((l) => l.info) };
    },
  };
}
