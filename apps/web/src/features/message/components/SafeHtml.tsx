import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** DOMPurify with links opening safely in a new window; used wherever stored rich text is shown. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Rich text sanitised when shown (DESIGN.md "Security baseline"). */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  hookLinks();
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
