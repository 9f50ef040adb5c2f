import { themes, type PrismTheme } from 'prism-react-renderer';

/**
 * The code themes: GitHub's light palette and Dracula, with the token colours that
 * fall below 4.5:1 against their background replaced by darker (light mode) or
 * lighter (dark mode) shades of the same hue, so that every token meets WCAG AA.
 */
function recolour(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  const styles = theme.styles.map((entry) => {
    const replacement = replacements[entry.style.color?.toLowerCase() ?? ''];
    return replacement ? { ...entry, style: { ...entry.style, color: replacement } } : entry;
  });
  return { ...theme, styles };
}

export const lightCodeTheme = recolour(themes.github, {
  '#999988': '#6e6e5c', // comments
  '#e3116c': '#b8105a', // strings
  '#36acaa': '#1a7473', // numbers, constants, properties
  '#00a4db': '#00709e', // at-rules, attribute names
  '#d73a49': '#b31d28', // functions, tags
});

export const darkCodeTheme = recolour(themes.dracula, {
  'rgb(98, 114, 164)': '#9aa5d0', // comments
});
