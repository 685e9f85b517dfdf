import DOMPurify from 'dompurify';

let hooked = false;

const DANGEROUS_TAGS = 'script, style, iframe, frame, object, embed, form, input, button, textarea, select, link, meta, base, svg, math';
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/|\.)/i;
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background'];

/** A URL as a browser reads its scheme: blanks and control characters do not count. */
function withoutInvisible(value: string): string {
  return [...value].filter((c) => c.charCodeAt(0) > 0x20).join('');
}

/**
 * A second, independent pass over DOMPurify's output: whatever a DOM implementation
 * lets through, no script element, event handler or non-web URL survives it.
 */
export function scrub(root: DocumentFragment | Element): void {
  for (const el of Array.from(root.querySelectorAll(DANGEROUS_TAGS))) el.remove();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || name === 'style') el.removeAttribute(attr.name);
      else if (URL_ATTRIBUTES.includes(name) && !SAFE_URL.test(withoutInvisible(attr.value))) el.removeAttribute(attr.name);
    }
  }
}

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
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
  scrub(fragment);
  return fragment;
}
