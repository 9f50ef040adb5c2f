// Completes package-lock.json with the other platforms' builds of native packages
// (@swc/core-darwin-arm64, @pagefind/windows-x64, …) when the npm registry in use does
// not serve the exact version that the parent package asks for. npm then leaves them
// out of the lock file, and `npm ci` refuses a lock file that lacks them. Each entry
// records only the version, the platform and that it is optional: `npm ci` skips it on
// every other platform and never downloads it here.
// Run after `npm install` changes dependencies: npm run lock:platforms
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);

/** Which platform a package's name is built for: a pattern of the name and the os or cpu it means, first match wins. */
const { os: OS, cpu: CPU } = JSON.parse(readFileSync(new URL('./lock-platforms.json', import.meta.url), 'utf8'));

const match = (table: [string, string][], name: string) =>
  table.find(([pattern]) => new RegExp(pattern).test(name))?.[1];

type LockEntry = { license?: string; optionalDependencies?: Record<string, string> } & Record<string, unknown>;
const lock: { packages: Record<string, LockEntry> } = JSON.parse(readFileSync(LOCK, 'utf8'));
const added: string[] = [];
for (const [path, meta] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    const os = match(OS, name);
    const cpu = match(CPU, name);
    if (lock.packages[nested] || lock.packages[hoisted] || !os || !cpu) {
      continue;
    }
    const libc = os === 'linux' && /musl|-gnu/.test(name) ? { libc: [name.includes('musl') ? 'musl' : 'glibc'] } : {};
    lock.packages[hoisted] = { version, cpu: [cpu], license: meta.license, optional: true, os: [os], ...libc };
    added.push(`${name}@${version}`);
  }
}
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `Added ${added.length} platform entries: ${added.join(', ')}` : 'The lock file is complete.',
);
