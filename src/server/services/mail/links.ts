const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (s: string, c: string) => s.split(c).length - 1;

/**
 * A URL as it ends in a sentence: the punctuation after it ('…/billing.', '…/billing,' and a closing bracket the URL did
 * not open) belongs to the sentence, not the link.
 */
function trimTrailing(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1) ?? '';
    if ('.,;:!?'.includes(last)) url = url.slice(0, -1);
    else if (CLOSERS[last] && count(url, last) > count(url, CLOSERS[last])) url = url.slice(0, -1);
    else return url;
  }
}

/** The links of a plain-text mail, each once, in order: what the mailbox page lists as 'Links in this mail'. */
export function linksInText(text: string): string[] {
  const links = (text.match(URL_IN_TEXT) ?? []).map(trimTrailing).filter((url) => /^https?:\/\/[^/?#]+/.test(url));
  return [...new Set(links)];
}
