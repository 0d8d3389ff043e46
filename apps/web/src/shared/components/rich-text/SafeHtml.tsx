import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize.ts';
import './rich-text.css';

/** Rich text sanitised when shown (DESIGN.md "Security baseline"). */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const classes = className ? `rich-text-view ${className}` : 'rich-text-view';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={classes} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default SafeHtml;
