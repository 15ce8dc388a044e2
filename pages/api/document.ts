import type { NextApiRequest, NextApiResponse } from 'next';
import { HANDOFF_HEADER, takeOver } from '@/lib/document-cache/handoff';

/**
 * Writes a kept document the proxy compressed for a request (lib/document-cache/handoff.ts says
 * why this route exists). Only the proxy's rewrite holds a ticket: anything else is not found.
 */
export default function handler(request: NextApiRequest, response: NextApiResponse) {
  const document = takeOver(request.headers[HANDOFF_HEADER]);
  if (!document) {
    response.status(404).json({ error: 'Not found' });
    return;
  }
  for (const [name, value] of document.headers) response.setHeader(name, value);
  response.statusCode = 200;
  response.end(document.body);
}

export const config = { api: { bodyParser: false } };
