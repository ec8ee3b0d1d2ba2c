import type { ReactNode } from 'react';
import { FullIcon, type IconName } from './FullIcon';

interface ComingSoonProps {
  /** e.g. "Coming soon" */
  badge: string;
  title: string;
  text: string;
  icon?: IconName;
  /** The ways back: links or buttons. */
  children?: ReactNode;
}

/**
 * A page whose capability is not built yet says so plainly and offers a way back. Unlike `Empty`
 * ("nothing here yet"), which would read as a broken or empty account on a money page.
 */
export function ComingSoon({ badge, title, text, icon = 'clock', children }: ComingSoonProps) {
  return (
    <div className="coming-soon" role="status">
      <span className="coming-soon__icon">
        <FullIcon name={icon} size={28} />
      </span>
      <span className="coming-soon__badge">{badge}</span>
      <p className="coming-soon__title">{title}</p>
      <p className="coming-soon__text">{text}</p>
      {children && <div className="coming-soon__actions">{children}</div>}
    </div>
  );
}
