import { describe, expect, it } from 'vitest';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import nextConfig from '../../next.config';
import { HEAD_METADATA_MARK, isMetadataDocumentRequest, withHeadMetadataMark } from '@/lib/seo/head-metadata';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

describe('head metadata for watch-page and listing documents', () => {
  it('marks only GET or HEAD document requests for one watch page or a listing', () => {
    const document = new Headers({ 'user-agent': BROWSER });
    expect(isMetadataDocumentRequest('GET', '/watches/0b8f2e8e-6a3c-4a36-9b0e-3f0f7c9d2a11', document)).toBe(true);
    expect(isMetadataDocumentRequest('HEAD', '/watches/0b8f2e8e-6a3c-4a36-9b0e-3f0f7c9d2a11', document)).toBe(true);
    expect(isMetadataDocumentRequest('POST', '/watches/0b8f2e8e-6a3c-4a36-9b0e-3f0f7c9d2a11', document)).toBe(false);
    expect(isMetadataDocumentRequest('GET', '/watches', document)).toBe(true);
    expect(isMetadataDocumentRequest('GET', '/crypto-editions', document)).toBe(true);
    expect(isMetadataDocumentRequest('GET', '/brands', document)).toBe(false);
    expect(isMetadataDocumentRequest('GET', '/watches/a/b', document)).toBe(false);
  });

  it('leaves RSC navigations and prefetches alone: marking them loses the page titles of client navigations', () => {
    const navigation = new Headers({ 'user-agent': BROWSER, rsc: '1' });
    expect(isMetadataDocumentRequest('GET', '/watches/0b8f2e8e-6a3c-4a36-9b0e-3f0f7c9d2a11', navigation)).toBe(false);
  });

  it('appends the mark to the User-Agent and keeps the other headers', () => {
    const marked = withHeadMetadataMark(new Headers({ 'user-agent': BROWSER, accept: 'text/html' }));
    expect(marked.get('user-agent')).toBe(`${BROWSER} ${HEAD_METADATA_MARK}`);
    expect(marked.get('accept')).toBe('text/html');
    expect(withHeadMetadataMark(new Headers()).get('user-agent')).toBe(HEAD_METADATA_MARK);
  });

  it('makes Next put the metadata in <head> for the marked documents, which a crawler\'s are too', () => {
    const htmlOnly = nextConfig(PHASE_PRODUCTION_SERVER).htmlLimitedBots;
    expect(htmlOnly).toBeInstanceOf(RegExp);
    expect(htmlOnly!.test(`${BROWSER} ${HEAD_METADATA_MARK}`)).toBe(true);
    expect(htmlOnly!.test(BROWSER)).toBe(false);
    // A crawler's document request is marked like any other: the watch page is the only page whose
    // metadata is read at request time, and Next's own list of crawlers is not needed for it.
    const crawler = new Headers({ 'user-agent': 'facebookexternalhit/1.1' });
    expect(isMetadataDocumentRequest('GET', '/watches/0b8f2e8e-6a3c-4a36-9b0e-3f0f7c9d2a11', crawler)).toBe(true);
    expect(htmlOnly!.test(withHeadMetadataMark(crawler).get('user-agent')!)).toBe(true);
  });
});
