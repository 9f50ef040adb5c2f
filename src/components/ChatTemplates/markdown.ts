import { familyInfo, families, modelsOf, type ModelFamily } from '../../data/models';
import { inlineCode, markdownLink, markdownTable } from '../../shared/markdown';

/** The Markdown form of `<ChatTemplates />`: each family's llama.cpp chat template, with its guide. */
export function chatTemplatesMarkdown(): string {
  return markdownTable({
    caption: 'The `--chat-template` value for each model family',
    header: ['Family', 'Models', '`--chat-template`'],
    rows: families.map((info) => [
      markdownLink(info.family, info.route),
      modelsOf(info.family)
        .map((model) => model.model)
        .join(', '),
      inlineCode(info.chatTemplate),
    ]),
  });
}

/** The Markdown form of `<ChatTemplateOf family />`: the template as inline code. */
export function chatTemplateOfMarkdown({ family }: { family: ModelFamily }): string {
  return inlineCode(familyInfo(family).chatTemplate);
}
