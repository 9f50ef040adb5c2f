/**
 * The Markdown form of every MDX component the docs use, by the name the pages
 * give it: the data components' registry, whose forms render the same table
 * models as the components.
 */
import { dataComponents } from '../../shared/tables';
import type { ComponentMarkdown } from './jsx';

export const componentMarkdown: Readonly<Record<string, ComponentMarkdown>> = Object.fromEntries(
  Object.entries(dataComponents).map(([tag, component]) => [tag, component.markdown]),
);
