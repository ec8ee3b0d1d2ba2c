/** Hides the cover of index.html once something real is on screen. */
export const hideBootCover = (): void => {
  document.getElementById('boot-cover')?.setAttribute('hidden', '');
};
