/** The llama.cpp `--chat-template` value of each model family. */
import { families, modelsOf, type FamilyInfo } from '../../data/models';
import type { TableModel } from './model';

const FLAG = '--chat-template';

export const chatTemplates = {
  source: 'src/data/models.ts',
  data: families,
  caption: () => ['The ', { code: FLAG }, ' value for each model family'],
  columns: [
    {
      label: 'Family',
      value: (info) => info.family,
      cell: (info) => ({ href: info.route, text: info.family }),
      key: true,
    },
    {
      label: 'Models',
      value: (info) =>
        modelsOf(info.family)
          .map((model) => model.model)
          .join(', '),
    },
    {
      label: FLAG,
      heading: { code: FLAG },
      value: (info) => info.chatTemplate,
      cell: (info) => ({ code: info.chatTemplate }),
    },
  ],
  look: { region: 'Chat templates for llama.cpp', marker: 'chat-templates' },
} satisfies TableModel<FamilyInfo>;
