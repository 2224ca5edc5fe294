// HTML stored in the database (blog posts, legal pages) is sanitized on the
// server before a page renders it with dangerouslySetInnerHTML: only a small
// set of text tags survives, links may only be relative or http(s), and
// absolute links never get a handle on this window.
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = [
  'p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'br', 'hr',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

type HrefKind = 'relative' | 'absolute' | 'unsafe';

/** What an href is once the characters browsers ignore (spaces, control characters) are gone. */
function hrefKind(raw: string): HrefKind {
  // eslint-disable-next-line no-control-regex
  const href = raw.replace(/[\s\u0000-\u001f\u007f-\u009f]/g, '');
  // Protocol-relative (`//host`, `/\host`, `\\host`) leaves the site: not allowed.
  if (/^[/\\]{2}/.test(href)) return 'unsafe';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (!scheme) return 'relative';
  return scheme === 'http' || scheme === 'https' ? 'absolute' : 'unsafe';
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'rel'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Second line of defence: sanitize-html drops any href whose scheme is not listed.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Disallowed tags go, their text stays (script, style… lose their content too).
  disallowedTagsMode: 'discard',
  transformTags: {
    // Rebuild the link's attributes: whatever rel/target/on* the input carried is gone.
    a: (tagName, attribs) => {
      const href = attribs.href;
      const kind = href === undefined ? 'unsafe' : hrefKind(href);
      const safe: sanitize.Attributes = {};
      if (href !== undefined && kind !== 'unsafe') safe.href = href;
      if (kind === 'absolute') safe.rel = 'noopener noreferrer';
      return { tagName, attribs: safe };
    },
  },
};

/** Safe HTML for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
