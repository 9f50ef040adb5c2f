// Cold build timing: runs a command and samples, from /proc, the resident memory of
// its whole process tree (the build spawns workers), keeping the peak.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** @typedef {{ pid: number, ppid: number, rss: number }} ProcInfo */

/**
 * pid, ppid and resident set size (bytes) from /proc/<pid>/stat and status texts.
 * @param {number} pid
 * @param {string} statText
 * @param {string} statusText
 * @returns {ProcInfo}
 */
export function parseProc(pid, statText, statusText) {
  // The command name sits in parentheses and may hold spaces: read after the last ')'.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  const rssKb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(statusText)?.[1] ?? 0);
  return { pid, ppid: Number(fields[1]), rss: rssKb * 1024 };
}

/**
 * Summed resident memory of `root` and all its descendants.
 * @param {number | undefined} root
 * @param {readonly ProcInfo[]} processes
 */
export function treeRss(root, processes) {
  /** @type {Map<number, ProcInfo[]>} */
  const children = new Map();
  for (const proc of processes) {
    const siblings = children.get(proc.ppid) ?? [];
    siblings.push(proc);
    children.set(proc.ppid, siblings);
  }
  let total = 0;
  const stack = processes.filter((proc) => proc.pid === root);
  for (let proc = stack.pop(); proc; proc = stack.pop()) {
    total += proc.rss;
    stack.push(...(children.get(proc.pid) ?? []));
  }
  return total;
}

async function readProcesses() {
  /** @type {ProcInfo[]} */
  const processes = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const [statText, statusText] = await Promise.all([
        readFile(`/proc/${name}/stat`, 'utf8'),
        readFile(`/proc/${name}/status`, 'utf8'),
      ]);
      processes.push(parseProc(Number(name), statText, statusText));
    } catch {
      // The process ended between listing and reading.
    }
  }
  return processes;
}

/**
 * @typedef {object} RunOptions
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {(chunk: string) => void} [log] receives the output as it comes
 */

/**
 * Runs `command args` in `cwd`; resolves with wall seconds, peak tree RSS in bytes and the output's last 20,000 characters.
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<{ seconds: number, peakBytes: number, output: string }>}
 */
function timedRun(command, args, { cwd, env = process.env, log } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      log?.(text);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peak = 0;
    let sampling = false;
    const timer = setInterval(async () => {
      if (sampling) return;
      sampling = true;
      peak = Math.max(peak, treeRss(child.pid, await readProcesses()));
      sampling = false;
    }, 250);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, peakBytes: peak, output });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/**
 * `docusaurus clear` then a timed `docusaurus build` in `cwd`.
 * @param {string} cwd
 * @param {Omit<RunOptions, 'cwd'>} [options]
 */
export async function coldBuild(cwd, { env, log } = {}) {
  const docusaurus = `${cwd}/node_modules/.bin/docusaurus`;
  await timedRun(docusaurus, ['clear'], { cwd, env });
  return timedRun(docusaurus, ['build'], { cwd, env, log });
}
