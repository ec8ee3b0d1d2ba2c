/**
 * Page scroll lock shared by every open modal: the first lock hides body overflow (compensating the
 * scrollbar width so the page does not jump), the last unlock restores what was there.
 */
let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export const lockScroll = (): (() => void) => {
  const body = document.body;
  if (locks === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    if (locks === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
};

export const scrollLockCount = () => locks;
