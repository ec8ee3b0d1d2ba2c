import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollStrip } from './scroll-strip';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
}

interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  label: string;
  /** id prefix of the panels (`${idBase}-panel-${value}`), to link tabs and panels; without it the
   *  tabs control no panel (e.g. a switch to another dialog). */
  idBase?: string;
  variant?: 'pill' | 'line';
  className?: string;
}

/** WAI-ARIA tabs: arrow keys move between tabs, the selected tab alone is in the tab order. */
export function Tabs<V extends string>({
  items,
  value,
  onChange,
  label,
  idBase,
  variant = 'pill',
  className,
}: TabsProps<V>) {
  const fallbackId = useId();
  const base = idBase ?? fallbackId;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const strip = useRef<HTMLDivElement>(null);
  useScrollStrip(strip, value);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    refs.current[next]?.focus();
  };

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={label}
      className={`tabs scroll-strip tabs--${variant} ${className ?? ''}`}
      onKeyDown={onKeyDown}
    >
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.value}`}
            aria-selected={selected}
            aria-controls={idBase ? `${base}-panel-${item.value}` : undefined}
            tabIndex={selected ? 0 : -1}
            className={`tabs__tab${selected ? ' is-active' : ''}`}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabPanelProps = (idBase: string, value: string) => ({
  role: 'tabpanel' as const,
  id: `${idBase}-panel-${value}`,
  'aria-labelledby': `${idBase}-tab-${value}`,
  tabIndex: 0,
});
