/** How long a page may hold its first paint for the rest of its HTML to stream in. */
export const FIRST_PAINT_HOLD_MS = 200;

export const FIRST_PAINT_HOLD_ID = 'first-paint-hold';

/**
 * Ends the hold (components/layout/first-paint-hold.tsx says why it exists) as soon as the page's
 * streamed content is complete, when the parser has finished the document (its first
 * readystatechange, to 'interactive'), or when its time is up, whichever comes first.
 *
 * Complete: React marks a streamed Suspense boundary whose content has arrived by turning the
 * comment before it from `$?` (pending) to `$~` (complete, shown at the next frame). Once no
 * boundary is pending, the first frame shows the listing; waiting for the end of the document
 * also waited for the React Server Components payload after it, during which the
 * page's scripts ran, and Lighthouse then counts all of them before the LCP (docs/performance.md).
 * Should React mark boundaries otherwise, the hold simply ends at the document's end as before.
 *
 * Ended by the parser's own end instead, Chromium would log a warning on every page that the
 * link's target was never parsed; ended here, just before that check, nothing is logged.
 * A constant, so the Content-Security-Policy allows it by its hash (lib/http/security-headers.ts).
 */
export const FIRST_PAINT_HOLD_SCRIPT = [
  '(function(){',
  `var hold=document.getElementById('${FIRST_PAINT_HOLD_ID}'),watcher;`,
  'function end(){watcher&&watcher.disconnect();hold&&hold.removeAttribute("blocking")}',
  // Comments only (NodeFilter.SHOW_COMMENT): is any streamed boundary still pending?
  'function pending(){var walk=document.createTreeWalker(document.body,128);',
  'while(walk.nextNode())if(walk.currentNode.data==="$?")return true;return false}',
  'if(window.MutationObserver){watcher=new MutationObserver(function(records){',
  'for(var i=0;i<records.length;i++){var node=records[i].target;',
  'if(node.nodeType===8&&node.data==="$~"&&!pending())return end()}});',
  'watcher.observe(document,{subtree:true,characterData:true})}',
  "document.addEventListener('readystatechange',end,{once:true});",
  `setTimeout(end,${FIRST_PAINT_HOLD_MS})`,
  '})()',
].join('');
