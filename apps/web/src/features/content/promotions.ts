/** A promotion as the side menu and the promotions page list it. */
export interface PromotionSummary {
  id: string;
  title: string;
}

/**
 * Promotions come from the announcements call (MCSFE_getListAnnouncements), which issue 4 adds.
 * Until then there are none: the side menu shows only its More link, never invented entries.
 */
const NONE: PromotionSummary[] = [];
export const usePromotions = (): PromotionSummary[] => NONE;
