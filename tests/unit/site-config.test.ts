/**
 * The theme options a reader sees the effect of, read from the configuration as the
 * theme resolves it (an option left out takes the theme's default): what each option
 * switches on is the theme's to do, so the browser suite does not check it again
 * (hiding the navbar on scroll, the sidebar's collapsing, the levels of the table of
 * contents, the default colour mode).
 */
import { readFileSync } from 'node:fs';

import { getDefaultLocaleConfig } from '@docusaurus/core/lib/server/i18n';
import { DEFAULT_I18N_CONFIG } from '@docusaurus/core/lib/server/configValidation';
import { ThemeConfigSchema } from '@docusaurus/theme-classic/lib/options';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';
import { describe, expect, it } from 'vitest';

import config from '../../docusaurus.config';
import { copyrightLine, identity } from '../../src/site/identity';

const theme = normalizeThemeConfig(ThemeConfigSchema, config.themeConfig as object);
const { links } = identity;

describe('the navbar', () => {
  it('hides on scroll down and comes back on scroll up', () => {
    expect(theme.navbar?.hideOnScroll).toBe(true);
  });

  it('has the Docs sidebar on the left, then Home, Hugging Face, GitHub, Discord and the languages on the right', () => {
    const items = theme.navbar?.items ?? [];
    expect(items.filter((item) => item.position === 'left')).toMatchObject([
      { type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Docs' },
    ]);
    expect(items.filter((item) => item.position === 'right')).toMatchObject([
      // Home opens in the same tab: given as HTML, the theme adds no "(opens in new tab)" to it.
      { href: links.home.href, html: links.home.label, target: '_self', position: 'right' },
      { href: links.huggingFace.href, label: links.huggingFace.label, position: 'right' },
      { href: links.github.href, label: links.github.label, position: 'right' },
      { href: links.discord.href, label: links.discord.label, position: 'right' },
      { type: 'localeDropdown', position: 'right' },
    ]);
    expect(theme.navbar?.title).toBe(identity.title);
  });

  it('offers English only, left to right', () => {
    expect(config).not.toHaveProperty('i18n');
    expect(DEFAULT_I18N_CONFIG).toMatchObject({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} });
    expect(getDefaultLocaleConfig('en')).toMatchObject({ label: 'English', direction: 'ltr', htmlLang: 'en' });
  });
});

describe('the docs layout', () => {
  it('keeps the sidebar, and opening a category closes no other', () => {
    expect(theme.docs?.sidebar).toEqual({ hideable: false, autoCollapseCategories: false });
  });

  it('starts each sidebar category open, and lets the reader close it', () => {
    for (const file of ['docs/models/_category_.json', 'docs/inference/_category_.json']) {
      expect(JSON.parse(readFileSync(file, 'utf8')), file).toMatchObject({ collapsible: true, collapsed: false });
    }
  });

  it('lists headings of levels 2 and 3 in the table of contents', () => {
    expect(theme.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
  });

  it('links each page to its source for editing', () => {
    const [, docs] = config.presets?.[0] as [string, { docs: { editUrl: string } }];
    expect(`${docs.docs.editUrl}docs`).toBe(identity.editUrl);
  });
});

describe('colour modes', () => {
  it('start light whatever the system prefers, and the reader can switch', () => {
    expect(theme.colorMode).toEqual({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
  });
});

describe('the footer and the announcement', () => {
  it('the footer links GitHub, Twitter and Discord, with the copyright line', () => {
    expect(theme.footer?.links).toEqual([
      {
        title: 'Community',
        items: [links.github, links.twitter, links.discord].map(({ label, href }) => ({ label, href })),
      },
    ]);
    expect(theme.footer?.copyright).toBe(copyrightLine);
    expect(copyrightLine).toBe('Copyright © 2024 Rubra');
  });

  it('the announcement links the hosted demo and can be dismissed', () => {
    expect(theme.announcementBar).toEqual({
      id: identity.announcement.id,
      content: identity.announcement.content,
      isCloseable: true,
    });
    expect(identity.announcement.content).toContain(`<a href="${identity.demoUrl}">hosted demo</a>`);
  });
});

describe('a site served under another base path', () => {
  it('shows the theme’s banner with the base URL to use: the option stays at its default, on', () => {
    expect(config).not.toHaveProperty('baseUrlIssueBanner');
    expect(config.baseUrl).toBe('/');
  });
});
