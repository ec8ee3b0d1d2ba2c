/** imgUrl and startGameUrl are picked at random from the CDN lists once per session (spec section 3). */
const KEYS = { imgUrl: 'banca.imgUrl', startGameUrl: 'banca.startGameUrl' } as const;

export const pickOncePerSession = (
  key: keyof typeof KEYS,
  list: readonly string[],
  random: () => number = Math.random,
): string | null => {
  try {
    const kept = sessionStorage.getItem(KEYS[key]);
    if (kept && list.includes(kept)) return kept;
  } catch {
    // no storage: pick for this page only
  }
  if (list.length === 0) return null;
  const picked = list[Math.floor(random() * list.length)] ?? list[0]!;
  try {
    sessionStorage.setItem(KEYS[key], picked);
  } catch {
    // ignore
  }
  return picked;
};
