// Shortening and structuring of the free text that owners write for homes.

export const cardSummaryLength = 120;
export const collectionPageSummaryLength = 100;
export const descriptionPreviewParagraphs = 2;
export const descriptionPreviewBullets = 3;

const ellipsis = '…';

/**
 * Shortens text to at most `max` characters including the trailing '…',
 * cutting at the last word boundary. A single very long word is cut mid-word
 * instead, when the boundary would throw away more than half of the room.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  const room = max - ellipsis.length;
  let cut = text.slice(0, room);
  // "fire pit, sauna" cut before the comma still ends on a whole word.
  const endsOnBoundary = /[\s\p{P}]/u.test(text.charAt(room));
  if (!endsOnBoundary) {
    const lastSpace = cut.search(/\s\S*$/);
    if (lastSpace >= room / 2) cut = cut.slice(0, lastSpace);
  }
  // Splitting an emoji or other astral character would leave a lone surrogate.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  // "Great views, …" reads worse than "Great views…".
  cut = cut.replace(/[\s,;:\-–—]+$/u, '');
  return cut + ellipsis;
}

export interface DescriptionBlock {
  text: string;
  bullets: string[];
}

const bulletPattern = /^\s*[-•*]\s+(.*)$/;

/**
 * Splits a description into paragraphs (separated by blank lines). Lines that
 * start with "- ", "• " or "* " are bullets of their paragraph; the other
 * lines are joined into its text.
 */
export function parseDescription(description: string | null | undefined): DescriptionBlock[] {
  if (!description) return [];
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => {
      const lines: string[] = [];
      const bullets: string[] = [];
      for (const line of paragraph.split('\n')) {
        const bullet = bulletPattern.exec(line);
        if (bullet) {
          const item = (bullet[1] ?? '').trim();
          if (item !== '') bullets.push(item);
        } else if (line.trim() !== '') {
          lines.push(line.trim());
        }
      }
      return { text: lines.join(' '), bullets };
    })
    .filter((block) => block.text !== '' || block.bullets.length > 0);
}

export interface DescriptionPreview {
  blocks: DescriptionBlock[];
  /** Whether anything was left out, i.e. whether to offer 'Show more'. */
  hasMore: boolean;
}

/** SPEC.md section 9: first 2 paragraphs, at most 3 bullets each. */
export function descriptionPreview(description: string | null | undefined): DescriptionPreview {
  const all = parseDescription(description);
  const shown = all.slice(0, descriptionPreviewParagraphs);
  const blocks = shown.map((block) => ({
    text: block.text,
    bullets: block.bullets.slice(0, descriptionPreviewBullets),
  }));
  const hasMore = all.length > shown.length || shown.some((block) => block.bullets.length > descriptionPreviewBullets);
  return { blocks, hasMore };
}
