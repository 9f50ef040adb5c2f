/** The Markdown form of every MDX component the docs use: the data components' and the widgets a twin can only name. */
import { dataComponents } from '../../shared/tables';
import type { ComponentMarkdown } from './jsx';

export const componentMarkdown: Readonly<Record<string, ComponentMarkdown>> = {
  ...Object.fromEntries(Object.entries(dataComponents).map(([tag, component]) => [tag, component.markdown])),
  ServerCheck: () =>
    'On the web page, **Check your server** runs these checks from the browser against your own server: the models it lists, a plain chat request, the guide\'s tool call whole and streamed, the tool\'s result sent back, parallel calls and `tool_choice: "required"`, each with what to change when it fails.',
};
