import sanitizeHtml from 'sanitize-html';
import { contentImagePath } from '../../../shared/content';

/**
 * News bodies are HTML written by staff (issue 12 part 7). One rule, applied on every save and every
 * preview: a short list of text elements, links only to http(s) and mail addresses (opened with
 * rel="noopener noreferrer"), images only from the portal's own news images. No script, style,
 * event handler or `javascript:` address survives.
 */
const ownImage = (src: string) => src.startsWith(`${contentImagePath}/`) || src.startsWith('/news/');

const rules: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !ownImage(frame.attribs.src ?? ''),
};

export function sanitizeNewsBody(html: string): string {
  return sanitizeHtml(html, rules).trim();
}

/** Plain text with paragraphs separated by blank lines as HTML paragraphs (the demo texts are written so). */
export function paragraphsToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((part) => `<p>${sanitizeHtml(part.trim(), { allowedTags: [], allowedAttributes: {} })}</p>`)
    .join('');
}
