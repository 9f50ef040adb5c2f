import { describe, expect, it } from 'vitest';

import { darkCodeTheme, lightCodeTheme } from '@site/src/site/codeThemes';

function luminance(colour: string): number {
  const rgb = colour.startsWith('#')
    ? [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16))
    : (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each([
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
])('the %s code theme', (_mode, theme) => {
  const background = theme.plain.backgroundColor ?? '';

  it('keeps plain text at AA contrast', () => {
    expect(contrast(theme.plain.color ?? '', background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(
    theme.styles.filter((entry) => entry.style.color).map((entry) => [entry.types.join(', '), entry.style.color]),
  )('gives %s tokens AA contrast', (_types, colour) => {
    expect(contrast(colour ?? '', background)).toBeGreaterThanOrEqual(4.5);
  });
});
