// Where a measurement's CPU went, from /proc (Linux): the measured process, PostgreSQL's processes, and the whole
// machine. On two cores shared by the server, the database and the load generator, "what bounds this figure" is
// mostly "who used the cores", so each run records CPU milliseconds per answered request for each of them.

import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the bench runs on

/** A process's /proc stat fields from the state on (field 3 is index 0), or undefined once it is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const ms = (ticks) => (ticks * 1000) / TICKS_PER_SECOND;

/** utime + stime of a process in ms, or 0 once it is gone. */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return fields ? ms(Number(fields[11]) + Number(fields[12])) : 0;
}

/**
 * CPU of every process named postgres, pid to ms. The postmaster also carries the CPU of the backends it has
 * reaped (cutime + cstime), so connections that a measuring child opens and closes within its run still count.
 */
function postgresCpu() {
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    let name;
    try {
      name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (!fields || name !== 'postgres') continue;
    const parentIsPostgres = (() => {
      try {
        return readFileSync(`/proc/${fields[1]}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })();
    const reaped = parentIsPostgres ? 0 : ms(Number(fields[13]) + Number(fields[14]));
    cpu.set(entry, ms(Number(fields[11]) + Number(fields[12])) + reaped);
  }
  return cpu;
}

/** Busy and total jiffies of the whole machine. */
function machineJiffies() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3] + (numbers[4] ?? 0); // idle + iowait
  const total = numbers.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Starts counting; `stop(answered)` returns CPU ms per answered request of the measured process (when a pid is
 * given) and of PostgreSQL, and the machine's busy share over the interval. Backends that start during the run
 * count from zero; backends that exit during it are lost (pools keep theirs open, so that is rare).
 */
export function cpuMeter(pid) {
  const server0 = pid ? processCpuMs(pid) : 0;
  const pg0 = postgresCpu();
  const machine0 = machineJiffies();
  return {
    stop(answered) {
      const serverMs = pid ? processCpuMs(pid) - server0 : null;
      let databaseMs = 0;
      for (const [p, used] of postgresCpu()) databaseMs += used - (pg0.get(p) ?? 0);
      const machine = machineJiffies();
      const per = (ms) => (ms === null || answered <= 0 ? null : ms / answered);
      return {
        serverCpuMsPerRequest: per(serverMs),
        databaseCpuMsPerRequest: per(databaseMs),
        machineBusy: (machine.busy - machine0.busy) / Math.max(1, machine.total - machine0.total),
      };
    },
  };
}
