import { COCKFIGHT_VASSALAGE, ESPORT_VASSALAGE, type PrizeMode } from '@banca/contract';

/** The parts of a game-menu category these rules read (spec section 3: title, cards). */
export interface MenuCategoryLike<C extends { vassalage: string }> {
  title: string;
  cards: C[];
}

/** Spec section 4: ELOTT if the ELOTT category has TCG_LOTTO_VN or LOTT cards, else LOTT. */
export const prizeModeOf = (categories: readonly MenuCategoryLike<{ vassalage: string }>[]): PrizeMode => {
  const elott = categories.find((category) => category.title === 'ELOTT');
  const hasLotto = elott?.cards.some(
    (card) => card.vassalage === 'TCG_LOTTO_VN' || card.vassalage === 'LOTT',
  );
  return hasLotto ? 'ELOTT' : 'LOTT';
};

export const ESPORTS_VENDORS: readonly string[] = [ESPORT_VASSALAGE];
export const COCKFIGHT_VENDORS: readonly string[] = [COCKFIGHT_VASSALAGE];

/**
 * Spec section 4: cards of SPORTS whose vassalage is in the esports or cockfight list move to their
 * own ESPORTS and COCKFIGHT categories, placed right after SPORTS (merged into one of that name if the
 * menu already has it). Input is not changed; a category left empty by the move stays out.
 */
export const splitSports = <C extends { vassalage: string }, M extends MenuCategoryLike<C>>(
  categories: readonly M[],
): M[] => {
  const index = categories.findIndex((category) => category.title === 'SPORTS');
  const sports = categories[index];
  if (!sports) return [...categories];
  const esports = sports.cards.filter((card) => ESPORTS_VENDORS.includes(card.vassalage));
  const cockfight = sports.cards.filter((card) => COCKFIGHT_VENDORS.includes(card.vassalage));
  const rest = sports.cards.filter((card) => !esports.includes(card) && !cockfight.includes(card));
  const existing = (title: string) => categories.find((category) => category.title === title);
  const moved = (title: 'ESPORTS' | 'COCKFIGHT', cards: C[]): M[] => {
    const prior = existing(title);
    const all = [...(prior?.cards ?? []), ...cards];
    return all.length ? [{ ...(prior ?? sports), title, cards: all }] : [];
  };
  const others = categories.filter(
    (category, i) => i !== index && category.title !== 'ESPORTS' && category.title !== 'COCKFIGHT',
  );
  const at = others.findIndex((category) => categories.indexOf(category) > index);
  const after = at === -1 ? others.length : at;
  return [
    ...others.slice(0, after),
    ...(rest.length ? [{ ...sports, cards: rest }] : []),
    ...moved('ESPORTS', esports),
    ...moved('COCKFIGHT', cockfight),
    ...others.slice(after),
  ];
};
