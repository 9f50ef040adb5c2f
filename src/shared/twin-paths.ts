/** Where a page's twin lives, as the theme links and the plugin writes it: `/index.md` for `/`, else route + `.md`. */
export function twinPath(permalink: string, baseUrl: string): string {
  return permalink === baseUrl ? `${baseUrl}index.md` : `${permalink.replace(/\/$/, '')}.md`;
}

export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';
