/** An llms.txt file (https://llmstxt.org): a title, a summary, and H2 sections of links. */
export interface LlmsTxt {
  title: string;
  summary: string;
  /** Each entry is a line `- [Title](URL): description`. */
  sections: { name: string; entries: { title: string; url: string; description: string }[] }[];
}

const ENTRY = /^[-*] +\[(?<title>[^\]]+)\]\((?<url>[^)\s]+)\)(?:\s*:\s*(?<description>.*))?$/;

/** Parses llms.txt; `where` names the file in the error thrown when it is malformed. */
export function parseLlmsTxt(text: string, where: string): LlmsTxt {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fail = (index: number, problem: string): never => {
    throw new Error(`${where} is malformed at line ${index + 1}: ${problem}`);
  };
  const first = lines.findIndex((line) => line.trim() !== '');
  const titleMatch = first === -1 ? null : /^# +(.*\S)\s*$/.exec(lines[first] ?? '');
  if (!titleMatch?.[1]) {
    throw new Error(`${where} is malformed: it must start with a "# Title" line.`);
  }
  const summary: string[] = [];
  const sections: LlmsTxt['sections'] = [];
  for (let index = first + 1; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    const section = sections.at(-1);
    if (line.startsWith('## ')) {
      sections.push({ name: line.slice(3).trim(), entries: [] });
    } else if (/^#{1,6}(\s|$)/.test(line)) {
      fail(index, `only "## Section" headings may follow the title, found "${line}".`);
    } else if (!section) {
      if (line.startsWith('>')) {
        summary.push(line.replace(/^>\s?/, ''));
      }
    } else if (/^[-*] /.test(line)) {
      const match = ENTRY.exec(line);
      if (!match?.groups) {
        return fail(index, `expected "- [Title](URL): description", found "${line}".`);
      }
      const { title = '', url = '', description = '' } = match.groups;
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        fail(index, `the link "${url}" is not an absolute http(s) URL.`);
      }
      section.entries.push({ title: title.trim(), url, description: description.trim() });
    }
  }
  if (!sections.some((section) => section.entries.length > 0)) {
    throw new Error(`${where} is malformed: it lists no pages (no "- [Title](URL)" line under a "## Section").`);
  }
  return { title: titleMatch[1], summary: summary.join(' ').trim(), sections };
}
