import { twinPath } from '@site/src/shared/twin-paths';
import { identity } from '@site/src/site/identity';

/** The path of a page's Markdown twin, by the rule the twin generator writes it with. */
export function markdownTwinPath(permalink: string): string {
  return twinPath(permalink, identity.baseUrl);
}

/** What the reader asks the assistant: read this page's Markdown, at its absolute URL on the public site, then answer. */
export function assistantPrompt(permalink: string): string {
  const twinUrl = new URL(markdownTwinPath(permalink), identity.url).href;
  return `Read ${twinUrl}, a page of ${identity.title}, so that I can ask you questions about it.`;
}

/** Links that open an assistant with the prompt already typed in. */
export function assistantLinks(permalink: string) {
  const prompt = encodeURIComponent(assistantPrompt(permalink));
  return [
    { name: 'ChatGPT', href: `https://chatgpt.com/?q=${prompt}` },
    { name: 'Claude', href: `https://claude.ai/new?q=${prompt}` },
  ];
}
