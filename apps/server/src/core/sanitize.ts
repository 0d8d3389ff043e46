import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the editor as it may be stored and shown: formatting, tables, links and images
 * stay; scripts, event handlers, frames and javascript: addresses go.
 */
const options: sanitizeHtml.IOptions = {
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
      color: [/^[#a-z0-9(),.\s%]+$/i],
      'background-color': [/^[#a-z0-9(),.\s%]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|pt|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^[a-z\s-]+$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
      height: [/^\d+(\.\d+)?(px|%)$/],
    },
  },
};

export function sanitizeRichText(html: string | undefined | null): string | null {
  if (html === undefined || html === null) return null;
  return sanitizeHtml(html, options);
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
