import { twinPath } from '@site/src/shared/twin-paths';
import { identity } from '@site/src/site/identity';

/** The path of a page's Markdown twin, by the rule the twin generator writes it with. */
export function markdownTwinPath(permalink: string): string {
  return twinPath(permalink, identity.baseUrl);
}

/** The twin's absolute URL on the public site, which an assistant can fetch. */
function markdownTwinUrl(permalink: string): string {
  return new URL(markdownTwinPath(permalink), identity.url).href;
}

/** What the reader asks the assistant: read this page's Markdown, then answer. */
export function assistantPrompt(permalink: string): string {
  return `Read ${markdownTwinUrl(permalink)}, a page of ${identity.title}, so that I can ask you questions about it.`;
}

export interface AssistantLink {
  name: string;
  href: string;
}

/** Links that open an assistant with the prompt already typed in. */
export function assistantLinks(permalink: string): AssistantLink[] {
  const prompt = encodeURIComponent(assistantPrompt(permalink));
  return [
    { name: 'ChatGPT', href: `https://chatgpt.com/?q=${prompt}` },
    { name: 'Claude', href: `https://claude.ai/new?q=${prompt}` },
  ];
}
