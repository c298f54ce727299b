import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { absoluteAddress, addressAfter, queryWith, readHash, readParam, writeAddress } from './addressBar';
import { NO_PRESET } from './shareLink';
import { queryWithPositions } from '../topology/positions';
import { queryWithProjector, queryWithView } from '../store/ui';

/** A page's location and history, as far as the address bar uses them. */
function fakePage(start: string) {
  const url = new URL(start, 'https://lab.example');
  const writes: string[] = [];
  const location = {
    get origin() {
      return url.origin;
    },
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get hash() {
      return url.hash;
    },
  };
  const history = {
    state: { kept: true } as unknown,
    replaceState(state: unknown, _title: string, next: string) {
      const to = new URL(next, url);
      url.pathname = to.pathname;
      url.search = to.search;
      url.hash = to.hash;
      this.state = state;
      writes.push(next);
    },
  };
  return { location, history, writes, href: () => `${url.pathname}${url.search}${url.hash}` };
}

describe('queryWith', () => {
  it('sets and removes the named parameters and keeps the others in order', () => {
    expect(queryWith('?preset=a&seed=1&layout=x:0.1:0.2', { seed: '7' })).toBe('?preset=a&seed=7&layout=x%3A0.1%3A0.2');
    expect(queryWith('?preset=a&seed=1', { preset: null, view: 'compare' })).toBe('?seed=1&view=compare');
    expect(queryWith('?preset=a', { preset: null })).toBe('');
    expect(queryWith('', {})).toBe('');
  });

  it('is what each owner of a parameter writes with', () => {
    const search = '?preset=p&view=editor&layout=a:0.5:0.5&projector=1';
    expect(queryWithView(search, 'lab')).toBe(queryWith(search, { view: null }));
    expect(queryWithProjector(search, false)).toBe(queryWith(search, { projector: null }));
    expect(queryWithPositions(search, new Map())).toBe(queryWith(search, { layout: null }));
    expect(queryWith(search, NO_PRESET)).toBe('?view=editor&layout=a%3A0.5%3A0.5&projector=1');
  });
});

describe('addressAfter', () => {
  const place = { pathname: '/netlab/', search: '?preset=p&seed=3', hash: '#s=v1.abc' };

  it('keeps the fragment unless the change names one', () => {
    expect(addressAfter(place, { params: { view: 'gallery' } })).toBe('/netlab/?preset=p&seed=3&view=gallery#s=v1.abc');
    expect(addressAfter(place, { hash: '' })).toBe('/netlab/?preset=p&seed=3');
    expect(addressAfter(place, { params: NO_PRESET, hash: '#s=v1.new' })).toBe('/netlab/?seed=3#s=v1.new');
  });
});

describe('writeAddress on a page', () => {
  const g = globalThis as unknown as { location?: unknown; history?: unknown };
  let page: ReturnType<typeof fakePage>;
  beforeEach(() => {
    page = fakePage('/netlab/?preset=bbr-fairness&seed=2&layout=s1%3A0.2%3A0.3');
    g.location = page.location;
    g.history = page.history;
  });
  afterEach(() => {
    delete g.location;
    delete g.history;
  });

  it('keeps view=, layout= and the shared link consistent through a session', () => {
    // Compare opens: it owns view= and compare=; the layout stays.
    writeAddress({ params: { view: 'compare', compare: 'cc:cubic,bbr' } });
    expect(page.href()).toBe('/netlab/?preset=bbr-fairness&seed=2&layout=s1%3A0.2%3A0.3&view=compare&compare=cc%3Acubic%2Cbbr');
    expect(readParam('compare')).toBe('cc:cubic,bbr');
    // Leaving it for the lab: both go, nothing else does.
    writeAddress({ params: { compare: null, view: null } });
    expect(page.href()).toBe('/netlab/?preset=bbr-fairness&seed=2&layout=s1%3A0.2%3A0.3');
    // Sharing: the fragment carries the scenario, so preset= would claim the wrong one.
    const share = { params: NO_PRESET, hash: '#s=v1.xyz' };
    expect(absoluteAddress(share)).toBe('https://lab.example/netlab/?seed=2&layout=s1%3A0.2%3A0.3#s=v1.xyz');
    writeAddress(share);
    expect(readHash()).toBe('#s=v1.xyz');
    // Projector mode and a new drag keep the shared link.
    writeAddress({ params: { projector: '1' } });
    writeAddress({ params: { layout: 's1:0.5:0.5' } });
    expect(page.href()).toBe('/netlab/?seed=2&layout=s1%3A0.5%3A0.5&projector=1#s=v1.xyz');
    // Picking a preset drops the link, not the query.
    writeAddress({ hash: '' });
    expect(page.href()).toBe('/netlab/?seed=2&layout=s1%3A0.5%3A0.5&projector=1');
  });

  it('replaces the history entry, keeps its state, and skips writes that change nothing', () => {
    writeAddress({ params: { view: null } });
    expect(page.writes).toEqual([]);
    writeAddress({ params: { view: 'editor' } });
    expect(page.writes).toEqual(['/netlab/?preset=bbr-fairness&seed=2&layout=s1%3A0.2%3A0.3&view=editor']);
    expect(page.history.state).toEqual({ kept: true });
  });
});

describe('outside a page', () => {
  it('reads nothing and writes nowhere', () => {
    expect(readParam('view')).toBeNull();
    expect(readHash()).toBe('');
    expect(absoluteAddress({ hash: '#x' })).toBe('');
    expect(() => writeAddress({ params: { view: 'lab' } })).not.toThrow();
  });
});

describe('the one writer', () => {
  it('is the only page module that rewrites the URL', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [join(dir, e.name)] : []));
    const writers = files('web/src').filter((f) => /\b(replaceState|pushState)\s*\(|location\.(hash|search|href)\s*=[^=]/.test(readFileSync(f, 'utf8')));
    expect(writers).toEqual([join('web/src', 'lib', 'addressBar.ts')]);
  });
});
