// The hosts a DATABASE_URL names (issue 31, "The server follows the primary without a restart"). A URL may list
// several, as libpq's do: postgres://user:secret@db-a:5432,db-b:5432,db-c/brokerage?sslmode=verify-full. node-postgres
// connects to one host per URL, so the list is cut into one URL per host, each with the same user, database and
// parameters; postgres-primary.ts connects to them in turn and keeps the one that is the writable primary. A URL
// naming one host is that host's URL, unchanged.

/** One URL per host the DATABASE_URL names, in its order. */
export function urlsPerHost(url: string): readonly string[] {
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/is.exec(url);
  if (!parts) return [url];
  const [, scheme, userInfo = '', hostList = '', rest = ''] = parts;
  const hosts = splitHosts(hostList);
  if (hosts.length <= 1) return [url];
  return hosts.map((host) => `${scheme}${userInfo}${host}${rest}`);
}

/** `a:1,[::1]:2,b` as its hosts; a comma inside an IPv6 literal's brackets does not occur, but brackets are kept. */
function splitHosts(hostList: string): string[] {
  const hosts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < hostList.length; i++) {
    const c = hostList[i];
    if (c === '[') depth += 1;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      hosts.push(hostList.slice(start, i));
      start = i + 1;
    }
  }
  hosts.push(hostList.slice(start));
  return hosts.filter((host) => host.length > 0);
}

/** The host and port a per-host URL names, for a log line: no user, password or parameters. */
export function hostLabel(url: string): string {
  const parts = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/is.exec(url);
  return parts?.[1] || 'localhost';
}
