/**
 * The Markdown twin of an API page, from the same operation data the page renders
 * (src/plugins/api-reference builds it from the OpenAPI description).
 */
import { markdownTable, inlineCode } from '../../shared/tables/markdown';
import { aboutHeading, API_HEADINGS, responseHeading, type ApiHeading } from '../api-reference';
import type { ApiOperationPage, InlineText, SchemaNode } from '../../shared/api-types';
import { HeadingIds } from '@rubra/twin-reader';

export interface ApiTwinOptions {
  /** The operation's description, Markdown, as the page shows it under the endpoint. */
  description: string;
  /** The API's title and description, shown on the landing page only. */
  about?: { title: string; description: string };
}

function inlineMarkdown(tokens: InlineText): string {
  const marks = { code: inlineCode, strong: (text: string) => `**${text}**`, em: (text: string) => `_${text}_` };
  return tokens
    .map((token) =>
      token.kind === 'text'
        ? token.text
        : token.kind === 'link'
          ? `[${token.text}](${token.href})`
          : marks[token.kind](token.text),
    )
    .join('');
}

/** A pattern reads as code, so its characters are not taken for Markdown. */
function constraintMarkdown(constraint: string): string {
  return constraint.startsWith('pattern ') ? `pattern ${inlineCode(constraint.slice('pattern '.length))}` : constraint;
}

function typeLabel(node: SchemaNode): string {
  return node.ref ? `${node.ref.name}, ${node.type}` : node.type;
}

/** One schema node as a list item with its facts, then its nested parts, indented. */
function schemaLines(node: SchemaNode, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const facts = [typeLabel(node), node.required ? 'required' : 'optional', ...(node.nullable ? ['nullable'] : [])];
  const details = [
    inlineMarkdown(node.description),
    node.constraints.length > 0 ? `Constraints: ${node.constraints.map(constraintMarkdown).join('; ')}.` : '',
    node.enum ? `One of: ${node.enum.map(inlineCode).join(', ')}.` : '',
    node.default !== undefined ? `Default: ${inlineCode(node.default)}.` : '',
  ].filter(Boolean);
  const name = node.name !== undefined ? inlineCode(node.name) : 'Value';
  return [
    `${indent}- ${name} (${facts.join(', ')})${details.length > 0 ? `: ${details.join(' ')}` : ''}`,
    ...nestedLines(node, depth + 1),
  ];
}

function nestedLines(node: SchemaNode, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  for (const property of node.properties ?? []) {
    lines.push(...schemaLines(property, depth));
  }
  if (node.items) {
    lines.push(`${indent}- Each item (${typeLabel(node.items)}):`, ...nestedLines(node.items, depth + 1));
  }
  if (node.variants) {
    lines.push(`${indent}- ${node.variantKind === 'anyOf' ? 'Any of' : 'One of'}:`);
    for (const variant of node.variants) {
      lines.push(`${indent}  - ${variant.label} (${typeLabel(variant.node)})`, ...nestedLines(variant.node, depth + 2));
    }
  }
  return lines;
}

/** A schema as a readable outline: the top-level object's properties, or the value itself. */
function schemaOutline(schema: SchemaNode): string {
  const nested = nestedLines(schema, 0);
  const head = `Type: ${typeLabel(schema)}${schema.nullable ? ', nullable' : ''}.`;
  const description = inlineMarkdown(schema.description);
  return [description ? `${head} ${description}` : head, ...(nested.length > 0 ? ['', ...nested] : [])].join('\n');
}

function codeBlock(code: string, language: string, title?: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}${title ? ` title="${title}"` : ''}\n${code.replace(/\n$/, '')}\n${fence}`;
}

/** The twin's body (without its `# Title`), with the sections and headings of the HTML page. */
export function apiPageMarkdown(page: ApiOperationPage, { description, about }: ApiTwinOptions): string {
  /** Writes the headings in order, each with the page's id where the text's slug is not that id. */
  const ids = new HeadingIds();
  const heading = (level: 2 | 3, { text, id }: ApiHeading) => `${'#'.repeat(level)} ${text}${ids.twinSuffix(text, id)}`;
  const parts: string[] = [
    `${inlineCode(`${page.method} ${page.path}`)}`,
    `Server: ${inlineCode(page.serverUrl)}. OpenAPI description: [openapi.yaml](${page.downloads.yaml}), [openapi.json](${page.downloads.json}).`,
  ];
  if (description.trim()) {
    parts.push(description.trim());
  }
  if (about?.description.trim()) {
    parts.push(heading(2, aboutHeading(about.title)), about.description.trim());
  }
  parts.push(heading(2, API_HEADINGS.authentication));
  if (page.security.schemes.length === 0) {
    parts.push('No authentication.');
  } else {
    const level = page.security.optional ? 'optional' : 'required';
    parts.push(
      page.security.schemes
        .map((scheme) => `- **${scheme.label}** (${level}). ${inlineMarkdown(scheme.description)}`.trimEnd())
        .join('\n'),
    );
  }
  if (page.parameters.length > 0) {
    parts.push(
      heading(2, API_HEADINGS.parameters),
      markdownTable({
        header: ['Name', 'In', 'Type', 'Required', 'Default', 'Constraints', 'Description'],
        rows: page.parameters.map((parameter) => [
          inlineCode(parameter.name),
          parameter.in,
          parameter.type,
          parameter.required ? 'yes' : 'no',
          parameter.default !== undefined ? inlineCode(parameter.default) : '—',
          [
            ...parameter.constraints.map(constraintMarkdown),
            ...(parameter.enum ? [`one of ${parameter.enum.join(', ')}`] : []),
          ].join('; ') || '—',
          [
            inlineMarkdown(parameter.description),
            parameter.example !== undefined ? `Example: ${inlineCode(parameter.example)}` : '',
          ]
            .filter(Boolean)
            .join(' '),
        ]),
      }),
    );
  }
  const body = page.requestBody;
  if (body) {
    parts.push(
      heading(2, API_HEADINGS.requestBody),
      `Content type: ${inlineCode(body.contentType)}, ${body.required ? 'required' : 'optional'}.`,
      inlineMarkdown(body.description),
      schemaOutline(body.schema),
    );
    if (body.example !== undefined) {
      parts.push(codeBlock(body.example, 'json', 'Example request body'));
    }
  }
  parts.push(
    heading(2, API_HEADINGS.responses),
    ...page.responses.flatMap((response) => [
      heading(3, responseHeading(response)),
      inlineMarkdown(response.description),
      response.contentType ? `Content type: ${inlineCode(response.contentType)}` : '',
      response.schema ? schemaOutline(response.schema) : '',
      response.example === undefined
        ? ''
        : codeBlock(
            response.example,
            response.contentType?.includes('json') ? 'json' : 'text',
            `Example ${response.status} response`,
          ),
    ]),
    heading(2, API_HEADINGS.codeSamples),
    ...page.samples.flatMap((sample) => [`**${sample.label}**`, codeBlock(sample.code, sample.language)]),
  );
  return parts.filter(Boolean).join('\n\n');
}
