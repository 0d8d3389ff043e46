import DOMPurify from 'dompurify';

/** Alignment is the one style the editor writes; any other declaration is dropped. */
const alignment = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

let hooked = false;
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    const kept = data.attrValue
      .split(';')
      .filter((part) => alignment.test(part))
      .map((part) => part.trim().replace(/\s+/g, ' '));
    if (kept.length === 0) data.keepAttr = false;
    else data.attrValue = kept.join('; ');
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * DOMPurify for stored rich text wherever it is shown or edited (DESIGN.md "Security baseline"):
 * no scripts, handlers, frames or forms; links open safely in a new window; of styles only the
 * paragraph alignment stays. The server cleans again when storing.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  hook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
