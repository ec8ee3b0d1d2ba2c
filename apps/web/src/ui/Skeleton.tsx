interface SkeletonProps {
  width?: string;
  height?: string;
  radius?: 'sm' | 'md' | 'lg' | 'pill';
  className?: string;
}

export function Skeleton({ width = '100%', height = '1rem', radius = 'md', className }: SkeletonProps) {
  return (
    <span
      className={`skeleton skeleton--${radius} ${className ?? ''}`}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

/** A grid of tile placeholders while a list loads. */
export function SkeletonGrid({ count = 6, height = '120px' }: { count?: number; height?: string }) {
  return (
    <div className="skeleton-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="lg" />
      ))}
    </div>
  );
}
