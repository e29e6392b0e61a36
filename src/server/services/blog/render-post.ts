import render from 'dom-serializer';
import { Element, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { isExternalHref, POST_CODE_IN_PRE, POST_STYLES, POST_TABLE_WRAP } from '../../../shared/post-styles';
import { sanitizePostHtml } from './sanitize';

function restyle(nodes: ChildNode[], parent: Element | null, origin: string): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!(node instanceof Element)) continue;
    const tag = node.name;
    const cls = tag === 'code' && parent?.name === 'pre' ? POST_CODE_IN_PRE : POST_STYLES[tag];
    if (cls) node.attribs.class = cls;
    if (tag === 'a' && isExternalHref(node.attribs.href ?? '', origin)) node.attribs.rel = 'noopener noreferrer';
    restyle(node.children, node, origin);
    if (tag === 'table') {
      const wrap = new Element('div', { 'data-table-wrap': 'true', class: POST_TABLE_WRAP }, [node]);
      wrap.parent = node.parent;
      node.parent = wrap;
      nodes[i] = wrap;
    }
  }
}

/**
 * A stored post body as a server-rendered page shows it: cleaned again with the rule it was saved under (a rule
 * tightened since then applies to old posts too), then given the look the browser would give it 100 ms later
 * (shared/post-styles.ts), so the first paint is the finished post.
 */
export function renderPostHtml(html: string, origin: string): string {
  const doc = parseDocument(sanitizePostHtml(html));
  restyle(doc.children, null, origin);
  return render(doc.children, { encodeEntities: 'utf8' });
}
