import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.translation.ts';
import {
  drawerNavGroups,
  footerNavItems,
  legalNavGroup,
  mainNavItems,
  navItemTarget,
  navItemUrl,
  visibleNavItems,
  type NavItem,
} from './nav-items.ts';

function translate(key: string): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text for ${key}`);
  return node;
}

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

describe('the navigation table', () => {
  it('has the menu of docs/PRODUCT.md#screens-and-routes for a visitor, ending with Log in', () => {
    const titles = visibleNavItems(mainNavItems, false).map((item) => translate(item.title));
    expect(titles).toEqual(['Home', 'Create', 'User tutorial', 'Log in']);
  });

  it('has the menu of docs/PRODUCT.md#screens-and-routes for a signed-in user, ending with Log off', () => {
    const titles = visibleNavItems(mainNavItems, true).map((item) => translate(item.title));
    expect(titles).toEqual(['Home', 'Create', 'Manage', 'Profile', 'User tutorial', 'Log off']);
  });

  it('ends the mobile drawer with Log in or Log off, after the legal pages', () => {
    for (const [authenticated, last] of [
      [false, 'Log in'],
      [true, 'Log off'],
    ] as const) {
      const groups = drawerNavGroups(authenticated).map((items) =>
        items.map((item) => translate(item.title)),
      );
      expect(groups.at(-1)).toEqual([last]);
      expect(groups.at(-2)).toEqual(['Legal']);
      expect(groups.flat().filter((title) => title === last)).toHaveLength(1);
    }
  });

  it('groups Voice cloning, Song cover and Rap under Create', () => {
    const create = mainNavItems.find((item) => item.id === 'create');
    expect(create?.children?.map((item) => [translate(item.title), item.url])).toEqual([
      ['Voice cloning', '/create/voice-cloning/step-1'],
      ['Song cover', '/create/song-cover'],
      ['Rap', '/create/step-1'],
    ]);
  });

  it('sends Home to the signed-in home once signed in', () => {
    const home = mainNavItems[0]!;
    expect(navItemUrl(home, false)).toBe('/');
    expect(navItemUrl(home, true)).toBe('/my-bops');
  });

  it('gives every item a translated title, an icon and either a url, children or a command', () => {
    for (const item of flatten([...mainNavItems, legalNavGroup])) {
      expect(translate(item.title)).not.toBe('');
      expect(item.icon).toBeTruthy();
      expect(Boolean(item.url) || Boolean(item.children?.length) || Boolean(item.command)).toBe(true);
    }
  });

  it('opens the legal pages in named tabs of our origin', () => {
    for (const item of legalNavGroup.children ?? []) {
      expect(item.newTab).toBe(true);
      expect(item.url?.startsWith('/')).toBe(true);
      expect(navItemTarget(item)).toBe(`bops-${item.id}`);
    }
    expect(navItemTarget(mainNavItems[0]!)).toBeUndefined();
    expect(legalNavGroup.children?.map((item) => translate(item.title))).toEqual([
      'Community guidelines',
      'Privacy policy',
      'Terms and conditions',
    ]);
  });

  it('links the footer to the privacy policy and the terms', () => {
    expect(footerNavItems.map((item) => item.url)).toEqual(['/privacy-policy', '/terms-and-conditions']);
  });

  it('registers each id once', () => {
    const ids = flatten([...mainNavItems, legalNavGroup]).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
