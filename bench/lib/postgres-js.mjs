// postgres.js for the bench's own connections (the ceilings, the setup), from the same DATABASE_URL the server
// gets. A Unix-domain socket is named as libpq and node-postgres name it, `?host=/socket/dir` (BENCH_PG_SOCKET=1);
// postgres.js takes the socket's path as an option instead, so it is moved there.

import postgres from 'postgres';

export function postgresJs(url, options = {}) {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  if (socketDir?.startsWith('/')) {
    parsed.searchParams.delete('host');
    const port = parsed.port || '5432';
    return postgres(parsed.toString(), { ...options, path: `${socketDir}/.s.PGSQL.${port}` });
  }
  return postgres(url, options);
}
