import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/**
 * Renders `children` only once its placeholder is really on screen (some of its area inside the
 * viewport and any scrolling box around it), so code below the fold or in a closed drawer loads when
 * it is seen, not with the first paint. The placeholder keeps the space the content will take.
 */
export function WhenVisible({
  children,
  className,
  style,
  inline = false,
}: {
  children: ReactNode;
  className: string;
  style?: CSSProperties;
  /** A span placeholder (inside text or a link) instead of a div. */
  inline?: boolean;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (an old browser) the content simply renders at once.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = placeholder.current;
    if (seen || !element) return;
    // intersectionRatio, not isIntersecting: a drawer moved just off screen touches the viewport's
    // edge, which counts as intersecting with no area at all.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio > 0)) setSeen(true);
      },
      { threshold: [0, 0.01] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  if (seen) return children;
  return inline ? (
    <span ref={placeholder} className={className} style={style} />
  ) : (
    <div ref={placeholder} className={className} style={style} />
  );
}
