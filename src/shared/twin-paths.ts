/**
 * Where a page's Markdown twin lives: its route plus `.md`, and `index.md` for the
 * site's root (`/` becomes `/index.md`, `/api/` or `/api` becomes `/api.md`). The
 * theme links twins with it and the plugin writes them with it, so both agree.
 */
export function twinPath(permalink: string, baseUrl: string): string {
  return permalink === baseUrl ? `${baseUrl}index.md` : `${permalink.replace(/\/$/, '')}.md`;
}

export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';
