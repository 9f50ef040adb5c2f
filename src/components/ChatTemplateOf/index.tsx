import type { ReactNode } from 'react';

import { familyInfo, type ModelFamily } from '@site/src/data/models';

/** One family's llama.cpp chat template as inline code, for use in running text. */
export default function ChatTemplateOf({ family }: { family: ModelFamily }): ReactNode {
  return <code>{familyInfo(family).chatTemplate}</code>;
}
