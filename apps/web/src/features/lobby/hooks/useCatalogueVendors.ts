import { FOOTER_VENDOR_ICONS } from '@banca/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useT } from '@/i18n';
import { gameMenusQuery } from '../api/home-api';

export interface CatalogueVendor {
  vassalage: string;
  name: string;
}

/**
 * The vendors the catalogue really offers (the game menus' vendor cards, once each; lottery cards are
 * games, not vendors), for the footer's provider marks. The spec's footer icons (PG, EG2, ...) show
 * only for vendors the catalogue has, under the spec's short mark; the rest under their own name.
 */
export function useCatalogueVendors(): { vendors: CatalogueVendor[]; pending: boolean } {
  const { language } = useT();
  const menus = useQuery(gameMenusQuery(language));
  const vendors = useMemo(() => {
    const seen = new Map<string, CatalogueVendor>();
    for (const category of menus.data?.categories ?? []) {
      for (const card of category.cards) {
        if (card.gameCode || seen.has(card.vassalage)) continue;
        const mark = (FOOTER_VENDOR_ICONS as readonly string[]).includes(card.vassalage);
        seen.set(card.vassalage, {
          vassalage: card.vassalage,
          name: mark ? card.vassalage : card.displayName,
        });
      }
    }
    return [...seen.values()];
  }, [menus.data]);
  return { vendors, pending: menus.isPending };
}
