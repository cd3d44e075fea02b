// What a WEB_URL button may open: a web page (http, https), a phone call (tel:) or a mail (mailto:).
// Anything else (javascript:, data:, a scheme hidden behind spaces or control characters) is
// refused when saved and never rendered as a link, in the console's test chat and the widget alike.
// Imports nothing: the widget's bundle takes only this.

const BUTTON_LINK = /^(?:https?:\/\/|tel:|mailto:)[^\s\p{Cc}]+$/iu;

/** The href a WEB_URL button's value may become, or undefined when it is not an allowed link. */
export function buttonLinkHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || !BUTTON_LINK.test(value)) return undefined;
  if (/^https?:/i.test(value)) {
    try {
      return new URL(value).href;
    } catch {
      return undefined;
    }
  }
  return value;
}
