/**
 * The one normalisation of game names for search, used both when a name is stored (search_pt,
 * search_en) and when a search arrives: Unicode NFKD, combining marks removed (accents), lower case,
 * runs of spaces folded. "Fortuna Dourada", "FORTUNA dourada" and "fortúna  DOURADA" all read
 * "fortuna dourada"; a stored "Coração" is found by "coracao".
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE's wildcards so a search for "50%" looks for a percent sign. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
