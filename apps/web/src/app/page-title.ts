/**
 * Each route's own document title (PT and EN): "<page> · <site>", the member and agent centres by
 * their open page (`?page=`, named as its menu entry), the home page by the site's name alone.
 */
export function pageTitle(
  pathname: string,
  search: string,
  routeName: string | undefined,
  site: string,
  text: (key: string) => string | undefined,
): string {
  const page = new URLSearchParams(search).get('page');
  const section = pathname.split('/')[1] ?? '';
  let title: string | undefined;
  if (routeName === 'home' || pathname === '/') return site;
  if (routeName === 'member' && page) title = text(`member.pages.${page}`) ?? text('pageTitle.member');
  else if (routeName === 'agentHome' && page)
    title = text(`agent.pages.${page}`) ?? text('pageTitle.agentHome');
  else title = text(`pageTitle.${section}`) ?? (routeName ? text(`pageTitle.${routeName}`) : undefined);
  return title ? `${title} · ${site}` : site;
}
