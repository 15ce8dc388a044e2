/**
 * A watch page's title, description, canonical URL and OpenGraph data come from the database, and
 * a listing's canonical URL and robots from its address (its collector's filters, issue 50), so
 * Next 16 streams them into the <body> of the document for every client it does not count as an
 * HTML-only bot: browsers, and Googlebot, which accepts a canonical link only in <head>. Next
 * decides this from the User-Agent alone (`htmlLimitedBots`), and matching every agent there breaks
 * the page titles of client-side navigations (their RSC requests then carry no metadata). So the
 * proxy marks just the document requests for a watch page, and next.config.ts counts the mark
 * among the HTML-only agents: those documents are rendered with their metadata in <head>.
 */
export const HEAD_METADATA_MARK = 'ORX-head-metadata';

const PER_REQUEST_METADATA = /^\/(watches\/[^/]+|watches|crypto-editions)$/;

/** A browser's or crawler's request for a watch page's or a listing's document, not an RSC navigation or prefetch. */
export function isMetadataDocumentRequest(method: string, pathname: string, headers: Headers): boolean {
  return (method === 'GET' || method === 'HEAD') && PER_REQUEST_METADATA.test(pathname) && !headers.has('rsc');
}

/** The request's headers with the mark appended to its User-Agent. */
export function withHeadMetadataMark(headers: Headers): Headers {
  const marked = new Headers(headers);
  marked.set('user-agent', `${headers.get('user-agent') ?? ''} ${HEAD_METADATA_MARK}`.trim());
  return marked;
}
