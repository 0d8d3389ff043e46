import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list of stored HTML: every rich text the server stores or answers (notices,
 * schedules, e-mail bodies, portal text cards, generated-form editor fields, document previews)
 * goes through the base profile; print templates through the print profile, which is the base
 * plus what a print layout needs (table geometry, borders, spacing, page breaks, lengths in
 * print units). Scripts, event handlers, frames, forms and javascript: addresses are never
 * allowed in either: a profile can only add layout on top of the base, not change what is safe.
 */

/** Colour words, hex and rgb()/hsl(); the lookahead keeps out url() and expression(), which would also fit the letters. */
const colour = /^(?!.*(url|expression|var|image)\s*\()[#a-z0-9(),.\s%]+$/i;
const screenLength = /^\d+(\.\d+)?(px|%)$/;
/** Lengths a print layout is measured in, and `auto`; never an expression or a url(). */
const printLength = /^(auto|0|-?\d+(\.\d+)?(px|%|pt|mm|cm|in|em|rem))$/;
/** One to four lengths (margin, padding shorthand). */
const printLengths =
  /^(auto|0|-?\d+(\.\d+)?(px|%|pt|mm|cm|in|em|rem))(\s+(auto|0|-?\d+(\.\d+)?(px|%|pt|mm|cm|in|em|rem))){0,3}$/;
/** A border: width, style and colour words, no url() or expression(). */
const border = /^(?!.*(url|expression|var|image)\s*\()[#a-z0-9(),.\s%-]+$/i;

const base: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'u', 's', 'del', 'sup', 'sub', 'hr'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    '*': ['style', 'class', 'align'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    a: ['href', 'name', 'target', 'rel'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    font: ['color', 'size', 'face'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedStyles: {
    '*': {
      color: [colour],
      'background-color': [colour],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|pt|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^[a-z\s-]+$/],
      width: [screenLength],
      height: [screenLength],
    },
  },
};

const tableGeometry = ['width', 'height', 'valign', 'bgcolor', 'nowrap'];

/** The base plus print layout: what the print designer and 3.6 templates draw tables and pages with. */
const print: sanitizeHtml.IOptions = {
  ...base,
  allowedTags: [...(base.allowedTags || []), 'col', 'colgroup', 'caption'],
  allowedAttributes: {
    ...base.allowedAttributes,
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'height', 'bgcolor'],
    td: ['colspan', 'rowspan', ...tableGeometry],
    th: ['colspan', 'rowspan', ...tableGeometry],
    tr: ['height', 'valign', 'bgcolor'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
  },
  allowedStyles: {
    '*': {
      ...base.allowedStyles?.['*'],
      width: [printLength],
      height: [printLength],
      'min-width': [printLength],
      'min-height': [printLength],
      'max-width': [printLength],
      'line-height': [/^(normal|\d+(\.\d+)?(px|%|pt|mm|em|rem)?)$/],
      'letter-spacing': [printLength],
      'text-indent': [printLength],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|pt|%|mm)$/],
      'font-family': [/^[a-z0-9\s,'"\u4e00-\u9fff-]+$/i],
      'font-style': [/^(normal|italic|oblique)$/],
      'vertical-align': [/^(top|middle|bottom|baseline)$/],
      'white-space': [/^(normal|nowrap|pre|pre-wrap|pre-line)$/],
      'word-break': [/^(normal|break-all|keep-all|break-word)$/],
      'border-collapse': [/^(collapse|separate)$/],
      'border-spacing': [printLengths],
      border: [border],
      'border-top': [border],
      'border-right': [border],
      'border-bottom': [border],
      'border-left': [border],
      'border-width': [printLengths],
      'border-style': [/^[a-z\s]+$/],
      'border-color': [border],
      margin: [printLengths],
      'margin-top': [printLength],
      'margin-right': [printLength],
      'margin-bottom': [printLength],
      'margin-left': [printLength],
      padding: [printLengths],
      'padding-top': [printLength],
      'padding-right': [printLength],
      'padding-bottom': [printLength],
      'padding-left': [printLength],
      float: [/^(left|right|none)$/],
      display: [/^(block|inline|inline-block|table|table-cell|none)$/],
      'page-break-before': [/^(auto|always|avoid)$/],
      'page-break-after': [/^(auto|always|avoid)$/],
      'page-break-inside': [/^(auto|avoid)$/],
      'break-before': [/^(auto|page|avoid)$/],
      'break-after': [/^(auto|page|avoid)$/],
      'break-inside': [/^(auto|avoid)$/],
    },
  },
};

/** Rich text as it may be stored and shown: formatting, tables, links and images stay. */
export function sanitizeRichText(html: string | undefined | null): string | null {
  if (html === undefined || html === null) return null;
  return sanitizeHtml(html, base);
}

/** A print template: the rich text allow-list plus print layout; `{field}` placeholders are text and stay. */
export function sanitizePrintTemplate(html: string | undefined | null): string | null {
  if (html === undefined || html === null) return null;
  return sanitizeHtml(html, print);
}

/** Plain text of rich text, for excerpts. */
export function plainText(html: string | null, max = 100): string {
  if (!html) return '';
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
