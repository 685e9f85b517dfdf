import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Server HTML made safe to show: DOMPurify drops scripts, event handlers,
 * `javascript:` URLs, forms and frames; links open outside the app window.
 * Returns a fragment, so the markup is never re-parsed from a string.
 */
export function sanitizeHtml(html: string): DocumentFragment {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
