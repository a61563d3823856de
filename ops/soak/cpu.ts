import fs from 'node:fs';

/*
 * CPU by part of the stack over the run (the instances, PostgreSQL, nginx), from /proc (Linux).
 * A part is the process trees under its root pids; a process that exited is in its parent's
 * cutime/cstime once reaped, so a tree's total is each live member's own time plus its children's
 * reaped time. A root that changes (an instance killed and started again, PostgreSQL restarted) is
 * counted from zero: its last moments before the kill are lost, a fraction of a second a fault.
 */

/** Clock ticks a second of /proc/<pid>/stat (USER_HZ: 100 on Linux's every architecture). */
const TICKS = 100;

interface Proc {
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
}

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command (field 2) may hold spaces and parentheses: the fields start after its last ')'.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(name), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      // gone between the listing and the read
    }
  }
  return procs;
}

/** Each process's children, from one read of /proc. */
function childrenOf(procs: Map<number, Proc>): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) {
    const list = children.get(p.ppid);
    if (list) list.push(pid);
    else children.set(p.ppid, [pid]);
  }
  return children;
}

function treeTicks(procs: Map<number, Proc>, children: Map<number, number[]>, root: number): number | undefined {
  if (!procs.has(root)) return undefined;
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += procs.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The root pid of a process that wrote its pid file (PostgreSQL's postmaster.pid, nginx.pid). */
export function pidFromFile(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `roots()` names each part's root pids as they are now. The first sample is the baseline; each
 * later one adds what every root used since it was last seen.
 */
export function cpuMeter(roots: () => Record<string, (number | undefined)[]>) {
  const last = new Map<string, number>();
  const seconds: Record<string, number> = {};
  let baseline = true;
  return {
    sample(): void {
      const procs = readProcs();
      const children = childrenOf(procs);
      for (const [part, pids] of Object.entries(roots())) {
        seconds[part] ??= 0;
        for (const pid of pids) {
          if (pid === undefined) continue;
          const ticks = treeTicks(procs, children, pid);
          if (ticks === undefined) continue;
          const key = `${part}:${pid}`;
          if (!baseline) seconds[part] += (ticks - (last.get(key) ?? 0)) / TICKS;
          last.set(key, ticks);
        }
      }
      baseline = false;
    },
    /** CPU seconds per part since the baseline. */
    seconds: (): Record<string, number> => ({ ...seconds }),
  };
}
