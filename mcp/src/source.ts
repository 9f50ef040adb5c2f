import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/** Where the docs are read from: a published site or a local build, by root-relative paths such as `/llms.txt`. */
export interface DocsSource {
  /** Names the source in messages: a URL or a folder. */
  readonly label: string;
  /** The origin a full URL may name besides the published one; only for a site. */
  readonly origin?: string;
  readBytes(path: string): Promise<Uint8Array>;
  /** Where `path` is read from, for messages. */
  locate(path: string): string;
}

/** The file does not exist in the source. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

function assertSitePath(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//') || path.split('/').some((part) => part === '..' || part === '.')) {
    throw new NotFoundError(`${path} is not a path on the site.`);
  }
}

/** A local build folder, read from disk. */
export class BuildSource implements DocsSource {
  readonly label: string;

  constructor(private readonly dir: string) {
    this.dir = resolve(dir);
    this.label = this.dir;
  }

  locate(path: string): string {
    return resolve(this.dir, `.${decodeURIComponent(path)}`);
  }

  async readBytes(path: string): Promise<Uint8Array> {
    assertSitePath(path);
    const file = this.locate(path);
    if (!file.startsWith(this.dir + sep)) {
      throw new NotFoundError(`${path} is outside the build folder ${this.dir}.`);
    }
    try {
      return await readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') {
        throw new NotFoundError(`${file} does not exist.`);
      }
      throw new Error(`Could not read ${file}: ${(error as Error).message}`);
    }
  }
}

const MAX_REDIRECTS = 5;

/** A published site over HTTP: only its own origin is requested (no redirect elsewhere), each request timed. */
export class SiteSource implements DocsSource {
  readonly label: string;
  readonly origin: string;
  private readonly base: URL;

  constructor(
    site: string,
    private readonly timeoutMs: number,
  ) {
    this.base = new URL(site.endsWith('/') ? site : `${site}/`);
    this.origin = this.base.origin;
    this.label = this.base.href;
  }

  locate(path: string): string {
    return new URL(path.slice(1), this.base).href;
  }

  async readBytes(path: string): Promise<Uint8Array> {
    assertSitePath(path);
    const url = this.locate(path);
    let target = url;
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      const response = await this.attempt(`Could not reach ${target}`, () =>
        fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) }),
      );
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, target);
        if (next.origin !== this.origin) {
          throw new Error(`${url} redirects to ${next.href}, outside ${this.origin}; it was not followed.`);
        }
        target = next.href;
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        throw new NotFoundError(`${url} does not exist (HTTP ${response.status}).`);
      }
      if (!response.ok) {
        throw new Error(`${url} answered HTTP ${response.status} ${response.statusText}.`.replace(' .', '.'));
      }
      // Hosts that answer every unknown path with the home page are saying "no such file".
      if ((response.headers.get('content-type') ?? '').includes('text/html')) {
        throw new NotFoundError(`${url} does not exist (the site answered with an HTML page).`);
      }
      return this.attempt(`Could not read ${url}`, async () => new Uint8Array(await response.arrayBuffer()));
    }
    throw new Error(`${url} redirects more than ${MAX_REDIRECTS} times.`);
  }

  /** What `step` gives; a failure on the way (the network, the time limit) is an error saying what failed. */
  private async attempt<T>(what: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new Error(
        `${what}: ${timedOut ? `no answer within ${this.timeoutMs / 1000} s` : cause instanceof Error ? cause.message : String(cause)}.`,
      );
    }
  }
}
