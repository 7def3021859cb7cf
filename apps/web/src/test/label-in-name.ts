/**
 * WCAG 2.5.3 (Label in Name) as axe-core's `label-content-name-mismatch` checks it: an element named
 * by `aria-label` must have, in its name, the text it shows (compared in lower case, without emoji,
 * punctuation or repeated spaces), so a voice command saying what is seen reaches it. jsdom draws
 * nothing: the shown text is the element's text without Mantine's visually hidden parts, joined as
 * axe joins it (text nodes side by side, no space added between elements).
 */
export function labelInNameProblem(element: Element): string | null {
  const name = element.getAttribute('aria-label');
  if (name === null) return null;
  const shown = visibleText(element);
  if (!curate(shown)) return null;
  return curate(name).includes(curate(shown)) ? null : `the name "${name}" does not contain the text shown, "${shown}"`;
}

function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? '';
  if (node instanceof Element && node.matches('.mantine-VisuallyHidden-root, [hidden], style, script')) return '';
  return [...node.childNodes].map(visibleText).join('');
}

const curate = (text: string) =>
  text
    .toLowerCase()
    .replace(/\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
