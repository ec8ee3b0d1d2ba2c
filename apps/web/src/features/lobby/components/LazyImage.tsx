import { IMAGE_LAZY_THRESHOLD, IMAGE_RETRY_COUNT } from '@banca/contract';
import { useEffect, useRef, useState } from 'react';
import { Icon, type CoreIconName } from '@/ui';

/**
 * A lobby image (spec sections 8 and 9): loaded once a tenth of it is in view (IntersectionObserver
 * threshold 0.1), retried once on error, then replaced by a default icon. Its box is sized by the
 * parent (fixed aspect ratio), so loading never shifts the layout. Decorative: the tile names the game.
 */
export function LazyImage({ src, fallback = 'slots' }: { src: string; fallback?: CoreIconName }) {
  const box = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // A new source starts over (adjusting state to a prop during render, not in an effect).
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setAttempt(0);
    setState('loading');
  }

  useEffect(() => {
    const node = box.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: IMAGE_LAZY_THRESHOLD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const onError = () => {
    if (attempt < IMAGE_RETRY_COUNT) setAttempt((n) => n + 1);
    else setState('failed');
  };
  // A retry asks again past any cached failure.
  const url = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;

  return (
    <span ref={box} className={`lazy-image is-${state}`} aria-hidden="true">
      {state === 'failed' ? (
        <Icon name={fallback} size={32} />
      ) : (
        visible && (
          <img
            key={url}
            src={url}
            alt=""
            decoding="async"
            onLoad={() => setState('loaded')}
            onError={onError}
          />
        )
      )}
    </span>
  );
}
