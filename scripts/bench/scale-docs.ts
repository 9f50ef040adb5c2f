/**
 * The scale run's generated doc pages: realistic length and structure (front matter,
 * h2/h3 headings, tables, titled code blocks, admonitions, tabs with a groupId,
 * details, links between the pages) in category folders. Seeded, so every run builds
 * the same site.
 */
import words from './scale-lists.json';
import { ADJECTIVES, NOUNS, paragraph, pick, seededRandom, sentence, slugify, VERBS } from './scale-words';

/**
 * Where the generated docs go: `root`, the folder under docs/ that holds the categories;
 * each category's folder and label; per page, its category's index and its file name.
 */
export function docsLayout(pageCount: number) {
  const categories = words.categories.map((label) => ({ folder: slugify(label), label }));
  const pages = Array.from({ length: pageCount }, (_, index) => ({
    category: index % categories.length,
    file: `page-${String(index).padStart(4, '0')}.mdx`,
  }));
  return { root: 'scale', categories, pages };
}

type DocsLayout = ReturnType<typeof docsLayout>;

function pagePath(layout: DocsLayout, index: number): string {
  const page = layout.pages[index];
  if (!page) throw new Error(`no generated page ${index}`);
  return `${layout.root}/${layout.categories[page.category]?.folder}/${page.file}`;
}

/** A relative link from one generated page's file to another's. */
function relativeLink(layout: DocsLayout, from: number, to: number): string {
  const fromFolder = layout.categories[layout.pages[from]?.category ?? 0]?.folder;
  const target = pagePath(layout, to).slice(layout.root.length + 1);
  const [folder, file] = target.split('/');
  return folder === fromFolder ? `./${file}` : `../${target}`;
}

function pageTitle(index: number, random: () => number): string {
  return `${pick(random, VERBS).replace(/^./, (c) => c.toUpperCase())} the ${pick(random, NOUNS)} ${index}`;
}

function docPage(layout: DocsLayout, index: number, random: () => number): string {
  const count = layout.pages.length;
  const title = pageTitle(index, random);
  const unique = `opt_${index}`;
  const next = (index + 1) % count;
  const previous = (index + count - 1) % count;
  const far = (index * 7 + 13) % count;
  const link = (to: number, text: string, anchor = '') => `[${text}](${relativeLink(layout, index, to)}${anchor})`;
  const rows = Array.from(
    { length: 6 },
    (_, row) =>
      `| \`${unique}_${pick(random, NOUNS)}_${row}\` | ${pick(random, ['integer', 'string', 'boolean', 'number'])} | ${row * 16} | ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} for the ${pick(random, NOUNS)} |`,
  );
  return `---
title: ${title}
sidebar_position: ${Math.floor(index / layout.categories.length) + 1}
description: How to ${pick(random, VERBS)} the ${pick(random, NOUNS)} and the ${pick(random, NOUNS)} of a Rubra server, step by step (guide ${index}).
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

${paragraph(random, unique, 3)} Read ${link(previous, 'the previous guide')} first; ${link(next, 'the next guide')} goes further.

## Overview

${paragraph(random, `${unique}_overview`)}

${paragraph(random, `${unique}_scope`, 3)}

### Requirements

| Setting | Type | Default | What it does |
| --- | --- | --- | --- |
${rows.join('\n')}

## Install

:::note[Before you start]

${paragraph(random, `${unique}_note`, 2)}

:::

<Tabs groupId="platform">
<TabItem value="linux" label="Linux" default>

\`\`\`bash title="Install on Linux"
pip install rubra-toolkit==1.${index % 10}.0
rubra-server --${slugify(pick(random, NOUNS))} ${unique} --port 8${String(index % 1000).padStart(3, '0')}
\`\`\`

</TabItem>
<TabItem value="macos" label="macOS">

\`\`\`bash title="Install on macOS"
brew install rubra-toolkit
rubra-server --${slugify(pick(random, NOUNS))} ${unique}
\`\`\`

</TabItem>
<TabItem value="windows" label="Windows">

\`\`\`powershell title="Install on Windows"
py -m pip install rubra-toolkit
rubra-server.exe --${slugify(pick(random, NOUNS))} ${unique}
\`\`\`

</TabItem>
</Tabs>

## Configure

${paragraph(random, `${unique}_configure`)}

\`\`\`yaml title="rubra.yaml"
${unique}:
  ${pick(random, NOUNS)}: ${pick(random, ADJECTIVES)}
  ${pick(random, NOUNS)}_limit: ${index % 97}
  retries: ${index % 5}
\`\`\`

### Options

${paragraph(random, `${unique}_options`, 3)} See ${link(far, 'a related guide', '#configure')}.

## Examples

${paragraph(random, `${unique}_examples`, 3)}

\`\`\`python title="example_${index}.py"
from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="unused")
reply = client.chat.completions.create(
    model="rubra-${pick(random, NOUNS)}",
    messages=[{"role": "user", "content": "${pick(random, VERBS)} the ${pick(random, NOUNS)}"}],
)
print(reply.choices[0].message)
\`\`\`

<details>
<summary>What the server logs</summary>

${paragraph(random, `${unique}_logs`, 2)}

</details>

## Troubleshooting

:::warning

${paragraph(random, `${unique}_warning`, 2)}

:::

### Common errors

- ${sentence(random, `${unique}_error_a`)}
- ${sentence(random, `${unique}_error_b`)}
- ${sentence(random, `${unique}_error_c`)}

## See also

- ${link(next, pageTitle(next, random))}
- ${link(far, pageTitle(far, random))}
- ${link((index * 31 + 5) % count, 'More on this topic')}
`;
}

/**
 * The generated docs, each a path relative to the site's docs folder and its content:
 * every category's _category_.json, then the pages.
 */
export function generateDocs(pageCount: number, seed = 42) {
  const random = seededRandom(seed);
  const layout = docsLayout(pageCount);
  const categories = layout.categories.map((category, index) => ({
    path: `${layout.root}/${category.folder}/_category_.json`,
    content: `${JSON.stringify(
      {
        label: category.label,
        position: 100 + index,
        collapsed: true,
        link: {
          type: 'generated-index',
          slug: `/${layout.root}/${category.folder}`,
          description: `Guides on ${category.label.toLowerCase()}.`,
        },
      },
      null,
      2,
    )}\n`,
  }));
  const pages = layout.pages.map((_, index) => ({
    path: pagePath(layout, index),
    content: docPage(layout, index, random),
  }));
  return [...categories, ...pages];
}
