// Cold build timing: runs a command and samples, from /proc, the resident memory of
// its whole process tree (the build spawns workers), keeping the peak.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** @typedef {{ pid: number, ppid: number, rss: number }} ProcInfo */

/**
 * Summed resident memory of `root` and all its descendants.
 * @param {number | undefined} root
 * @param {readonly ProcInfo[]} processes
 */
export function treeRss(root, processes) {
  let total = 0;
  const stack = processes.filter((proc) => proc.pid === root);
  for (let proc = stack.pop(); proc; proc = stack.pop()) {
    total += proc.rss;
    stack.push(...processes.filter((child) => child.ppid === proc.pid));
  }
  return total;
}

/** Every process's pid, parent and resident set size (bytes), from its /proc/<pid>/status. */
async function readProcesses() {
  /** @type {ProcInfo[]} */
  const processes = [];
  for (const name of await readdir('/proc')) {
    // Empty for a process that ended between listing and reading.
    const status = /^\d+$/.test(name) ? await readFile(`/proc/${name}/status`, 'utf8').catch(() => '') : '';
    const field = (/** @type {string} */ key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    if (status) processes.push({ pid: Number(name), ppid: field('PPid'), rss: field('VmRSS') * 1024 });
  }
  return processes;
}

/**
 * @typedef {object} Timeline
 * @property {{ t: number, rss: number }[]} memory the tree's RSS every 250 ms
 * @property {{ t: number, text: string }[]} lines each output line
 */

/**
 * Runs `command args` in `cwd`; resolves with wall seconds, peak tree RSS in bytes and a
 * timeline: the tree's RSS every 250 ms and each output line, both in seconds from the
 * start, so memory can be read per phase.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 */
function timedRun(command, args, cwd, env = process.env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const now = () => (performance.now() - started) / 1000;
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {{ t: number, text: string }[]} */
    const lines = [];
    for (const input of [child.stdout, child.stderr]) {
      createInterface({ input }).on('line', (text) => lines.push({ t: now(), text }));
    }
    /** @type {{ t: number, rss: number }[]} */
    const memory = [];
    let sampling = false;
    const timer = setInterval(async () => {
      if (sampling) return;
      sampling = true;
      const t = now();
      memory.push({ t, rss: treeRss(child.pid, await readProcesses()) });
      sampling = false;
    }, 250);
    child.on('error', reject);
    // 'close': the output's last lines are read.
    child.on('close', (code) => {
      clearInterval(timer);
      const seconds = now();
      const peakBytes = memory.reduce((peak, sample) => Math.max(peak, sample.rss), 0);
      const output = lines.map((line) => line.text).join('\n');
      if (code === 0) resolve({ seconds, peakBytes, timeline: { memory, lines } });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const PERF_LINE = /^\[PERF\](?:\[KO\])? (.+?) - ([\d.]+) (ms|seconds)/;

/**
 * Peak RSS per phase of the build, from a timeline whose output has Docusaurus's
 * performance lines (DOCUSAURUS_PERF_LOGGER=true): each "[PERF] label - duration" line
 * ends a phase that began `duration` earlier. The phases are the build's own
 * (Build > locale > phase: loading, bundling, SSG, postBuild...) that last long enough to
 * be sampled, 1 s or more.
 * @param {Timeline} timeline
 */
export function phasePeaks({ memory, lines }) {
  const phases = [];
  for (const line of lines) {
    const match = PERF_LINE.exec(line.text.replace(ANSI, ''));
    if (!match) continue;
    const [, label = '', amount, unit] = match;
    const seconds = Number(amount) / (unit === 'ms' ? 1000 : 1);
    if (label.split(' > ').length !== 3 || seconds < 1) continue;
    const start = line.t - seconds;
    const inside = memory.filter((sample) => sample.t >= start && sample.t <= line.t);
    phases.push({
      label,
      start,
      seconds,
      peakBytes: inside.reduce((peak, sample) => Math.max(peak, sample.rss), 0),
    });
  }
  return phases.sort((a, b) => a.start - b.start);
}

/**
 * `docusaurus clear` then a timed `docusaurus build` in `cwd`.
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 */
export async function coldBuild(cwd, env) {
  const docusaurus = `${cwd}/node_modules/.bin/docusaurus`;
  await timedRun(docusaurus, ['clear'], cwd, env);
  return timedRun(docusaurus, ['build'], cwd, env);
}
