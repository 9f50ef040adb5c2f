// Writes a .gz and a .br beside every text file of the build, for nginx's gzip_static
// and brotli_static: the smallest files at no cost per request.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const gunzip = promisify(zlib.gunzip);

/**
 * Text formats the site serves. Pagefind's .pf_* and .pagefind files are left out:
 * Pagefind gzips them itself.
 */
export const TEXT_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.txt',
  '.md',
  '.svg',
  '.yaml',
  '.yml',
  '.map',
  '.webmanifest',
]);

/**
 * @typedef {object} CompressionReport
 * @property {number} files text files found
 * @property {number} written files that got a .gz and a .br
 * @property {string[]} unchanged files compression would not make smaller (left alone; nginx serves them as they are)
 */

/** @typedef {(file: string, content: Buffer) => Promise<void>} WriteFile writes a file of the build, by its absolute path */

/**
 * Runs `task` on the files eight at a time: zlib's async calls run on libuv's thread
 * pool, so a batch compresses in parallel.
 * @param {string[]} files
 * @param {(file: string) => Promise<void>} task
 */
async function inBatches(files, task) {
  for (let start = 0; start < files.length; start += 8) {
    await Promise.all(files.slice(start, start + 8).map(task));
  }
}

/**
 * @param {string} dir the build folder
 * @param {WriteFile} write
 * @param {(relativePath: string) => boolean} [skip] files that are not served
 * @returns {Promise<CompressionReport>}
 */
export async function compressTextFiles(dir, write, skip = () => false) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !skip(path.relative(dir, file)));
  /** @type {CompressionReport} */
  const report = { files: files.length, written: 0, unchanged: [] };
  await inBatches(files, async (file) => {
    const content = await readFile(file);
    const [gzipped, brotlied] = await Promise.all([
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    ]);
    if (gzipped.length >= content.length) {
      report.unchanged.push(path.relative(dir, file));
      return;
    }
    await Promise.all([write(`${file}.gz`, gzipped), write(`${file}.br`, brotlied)]);
    report.written += 1;
  });
  report.unchanged.sort();
  return report;
}

/** Pagefind's index, filters, fragments and WebAssembly: each file a gzip stream Pagefind wrote. */
const PAGEFIND_GZIPPED = /\.(pf_meta|pf_index|pf_filter|pf_fragment|pagefind)$/;

/**
 * Writes beside each of Pagefind's gzipped files a `.gz` twin (the file as it is) and a
 * `.br` twin (its content in Brotli), so that nginx sends them with a Content-Encoding:
 * the browser then inflates them as it receives them, and Pagefind, finding its
 * files already inflated, skips its own JavaScript inflate; Brotli is also about a
 * seventh smaller. Hosts that send the files as they are still work: Pagefind inflates them.
 * @param {string} dir the build folder
 * @param {WriteFile} write
 * @returns {Promise<{ files: number, gzipBytes: number, brotliBytes: number }>}
 */
export async function compressPagefindFiles(dir, write) {
  const folder = path.join(dir, 'pagefind');
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile() && PAGEFIND_GZIPPED.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  const report = { files: files.length, gzipBytes: 0, brotliBytes: 0 };
  await inBatches(files, async (file) => {
    const gzipped = await readFile(file);
    const content = await gunzip(gzipped).catch((error) => {
      throw new Error(`${path.relative(dir, file)} is not a gzip stream as Pagefind writes its files`, {
        cause: error,
      });
    });
    const brotlied = await brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    await Promise.all([write(`${file}.gz`, gzipped), write(`${file}.br`, brotlied)]);
    report.gzipBytes += gzipped.length;
    report.brotliBytes += brotlied.length;
  });
  return report;
}
