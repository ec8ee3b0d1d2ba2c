/** The fields that identify a favourite (spec section 7: nodeId, vendor, gameType). */
export interface FavouriteKey {
  nodeId: string;
}

/**
 * Spec section 4: adding applies locally first and is skipped when the game is already there;
 * removing filters it out of the local lists. The server call follows (see useFavourites).
 */
export const addFavourite = <G extends FavouriteKey>(list: readonly G[], game: G): readonly G[] =>
  list.some((item) => item.nodeId === game.nodeId) ? list : [game, ...list];

export const removeFavourite = <G extends FavouriteKey>(list: readonly G[], nodeId: string): readonly G[] =>
  list.filter((item) => item.nodeId !== nodeId);
