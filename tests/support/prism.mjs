// Prism, the OpenAPI mock server, serving openapi/rubra.yaml on 127.0.0.1 for the tests
// of the API console. It runs in dynamic mode, so every answer is generated afresh from
// the spec's schemas (ids differ from call to call), it validates each request against
// the spec (a request that does not validate answers 422), and it answers CORS itself,
// reflecting the request's Origin.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

/** The project's root: the suites run from it, as static-server.mjs assumes too. */
const ROOT = process.cwd();
/** How long Prism may take to answer its first request. */
const STARTUP_MS = 60_000;
/** How much of Prism's output is kept, to explain a failed start. */
const OUTPUT_TAIL = 64 * 1024;

/** A port that was free a moment ago: the one the system gave a listener on port 0. */
export async function freePort() {
  const server = createServer();
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((done) => server.close(() => done(undefined)));
  return port;
}

/**
 * @typedef {{ url: string, close: () => Promise<void> }} Prism
 * @param {{ spec?: string }} [options] the spec, relative to the project's root
 * @returns {Promise<Prism>}
 */
export async function startPrism({ spec = 'openapi/rubra.yaml' } = {}) {
  // By require.resolve, which knip reads as a use of the package.
  const require = createRequire(path.join(ROOT, 'package.json'));
  const cli = require.resolve('@stoplight/prism-cli');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Its own process group, so that close() stops Prism and anything it starts.
  const child = spawn(
    process.execPath,
    [cli, 'mock', '-d', '-h', '127.0.0.1', '-p', String(port), path.resolve(ROOT, spec)],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Prism logs every request; its pipes are read all along so that it never blocks on them.
  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  /** @type {Promise<void>} */
  const exited = new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      done();
    } else {
      child.once('exit', () => done());
    }
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });
  child.once('error', (error) => keep(Buffer.from(`\n${error.message}\n`)));

  const close = async () => {
    if (running && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group is already gone.
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is already gone.
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (!running) {
      throw new Error(`Prism exited before answering (code ${child.exitCode}):\n${output}`);
    }
    const status = await fetch(`${url}/models`, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) {
      return { url, close };
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`Prism did not answer GET ${url}/models within ${STARTUP_MS} ms:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}
