import { describe, expect, it } from 'vitest';
import { listPageHref, MAX_PAGE, pageFrom } from './pagination';
import { pageParam } from './schemas/page';

describe('pageFrom: the page a ?page= value asks for', () => {
  it('is 1 for anything that is not a number of at least 1', () => {
    for (const raw of [undefined, null, '', 'abc', '0', '-3', '0.9', 'NaN', '-Infinity', {}, [], 0, -1, Number.NaN]) expect(pageFrom(raw), String(raw)).toBe(1);
  });

  it('cuts fractions and keeps whole pages', () => {
    expect(pageFrom('2')).toBe(2);
    expect(pageFrom(' 7 ')).toBe(7);
    expect(pageFrom('3.9')).toBe(3);
    expect(pageFrom(['4', '9'])).toBe(4);
  });

  it('is at most MAX_PAGE, so no page number turns into a huge offset', () => {
    for (const raw of ['400000000', '99999999999999999999', '1e400', 'Infinity', Number.MAX_VALUE]) expect(pageFrom(raw), String(raw)).toBe(MAX_PAGE);
    expect(MAX_PAGE * 100 * 2).toBeLessThan(2 ** 31); // the largest offset (× 2 in the deep-page query) fits an int
  });

  it('is what the query schemas read, never refusing a value', () => {
    expect(pageParam.parse(undefined)).toBe(1);
    expect(pageParam.parse('400000000')).toBe(MAX_PAGE);
    expect(pageParam.parse('-2')).toBe(1);
  });
});

describe('listPageHref: the one address of each page of a list', () => {
  it('is the list itself for page 1 and adds page= for the others', () => {
    expect(listPageHref('/blog', 1)).toBe('/blog');
    expect(listPageHref('/blog', 2)).toBe('/blog?page=2');
    expect(listPageHref('/blog', 1, '?page=4')).toBe('/blog');
    expect(listPageHref('/blog', 5, 'page=4')).toBe('/blog?page=5');
  });

  it('keeps the rest of the query', () => {
    expect(listPageHref('/admin/messages', 3, '?status=handled')).toBe('/admin/messages?status=handled&page=3');
    expect(listPageHref('/admin/messages', 1, '?status=handled&page=3')).toBe('/admin/messages?status=handled');
    expect(listPageHref('/admin/messages', 2, new URLSearchParams({ status: 'all', page: '9' }))).toBe('/admin/messages?status=all&page=2');
  });
});
