import { useRef, type ReactNode } from 'react';
import { FullIcon, type IconName } from './FullIcon';
import { useScrollStrip } from './scroll-strip';

export interface CentreMenuItem<K extends string> {
  key: K;
  label: string;
  icon: IconName;
  /** A count beside the label (e.g. unread messages), hidden at 0; `label` is what it means, read out. */
  badge?: { count: number; label: string };
}

interface Props<K extends string> {
  title: string;
  menuLabel: string;
  items: readonly CentreMenuItem<K>[];
  current: K;
  onSelect: (key: K) => void;
  /** Id of the panel heading, unique per centre. */
  panelId: string;
  className?: string;
  children: ReactNode;
}

/** The member and agent centres: a page title, a menu of pages and the selected page's panel. */
export function CentreLayout<K extends string>({
  title,
  menuLabel,
  items,
  current,
  onSelect,
  panelId,
  className,
  children,
}: Props<K>) {
  const selected = items.find((item) => item.key === current);
  // On phones the menu is a horizontal strip: the current page stays in view, hidden edges fade.
  const strip = useRef<HTMLUListElement>(null);
  useScrollStrip(strip, current);
  return (
    <div className={`centre${className ? ` ${className}` : ''}`}>
      <header className="page__head">
        <h1>{title}</h1>
      </header>
      <div className="centre__body">
        <nav className="centre__menu" aria-label={menuLabel}>
          <ul ref={strip} className="scroll-strip">
            {items.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  className={`centre__item${item.key === current ? ' is-active' : ''}`}
                  aria-current={item.key === current ? 'page' : undefined}
                  onClick={() => onSelect(item.key)}
                >
                  <FullIcon name={item.icon} size={18} />
                  <span>{item.label}</span>
                  {item.badge && item.badge.count > 0 && (
                    <span className="count-badge centre__badge">
                      <span aria-hidden="true">{item.badge.count > 99 ? '99+' : item.badge.count}</span>
                      <span className="visually-hidden">{item.badge.label}</span>
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="centre__panel" aria-labelledby={panelId}>
          <h2 id={panelId}>{selected?.label}</h2>
          {children}
        </section>
      </div>
    </div>
  );
}
