function showFallback(image: HTMLImageElement): void {
  image.hidden = true;
  image.parentElement?.querySelector('[data-image-fallback]')?.removeAttribute('hidden');
}

const isWatched = (target: EventTarget | null): target is HTMLImageElement =>
  target instanceof HTMLImageElement && target.matches('img[data-fallback-icon]');

/**
 * Hides product images that fail to load and shows their icon instead. Error events do not
 * bubble, so the listener captures; images that failed before this ran are caught by the check.
 */
export function watchProductImages(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (isWatched(event.target)) showFallback(event.target);
    },
    true,
  );
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-fallback-icon]')) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) showFallback(image);
  }
}
