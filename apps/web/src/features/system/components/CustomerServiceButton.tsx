import { useState } from 'react';
import type { CustomerService } from '@banca/contract';
import { useT } from '@/i18n';
import { Button, Icon } from '@/ui';
import { useCustomerServices } from '../api/hooks';
import { openBlankWindow } from '../cs-window';

interface Props {
  variant?: 'button' | 'menu' | 'icon' | 'rail';
  csType?: CustomerService['csType'];
  label?: string;
  className?: string;
}

/**
 * Opens the merchant's customer-service channel in a 440x750 window; says so when it cannot. With no
 * channel configured (or none of the asked type) there is no button: never a window to nowhere.
 */
export function CustomerServiceButton({ variant = 'button', csType, label, className }: Props) {
  const { t } = useT();
  const { data = [] } = useCustomerServices();
  const [problem, setProblem] = useState<string | null>(null);
  const name = label ?? t('common.customerService');
  const available = csType ? data.some((entry) => entry.csType === csType) : data.length > 0;
  if (!available) return null;

  const open = async () => {
    // The window is opened inside the click (popup blockers), the decryption code arrives meanwhile.
    const win = openBlankWindow();
    const { openCustomerService, pickCustomerService } = await import('../customer-service');
    const result = await openCustomerService(pickCustomerService(data, csType), win);
    setProblem(
      result === 'opened' ? null : t(result === 'blocked' ? 'system.popupBlocked' : 'system.csUnavailable'),
    );
  };

  const message = problem ? (
    <span className="cs-problem" role="alert">
      {problem}
    </span>
  ) : null;

  if (variant === 'button') {
    return (
      <span className={`cs-button ${className ?? ''}`}>
        <Button variant="secondary" icon="headset" onClick={() => void open()}>
          {name}
        </Button>
        {message}
      </span>
    );
  }
  if (variant === 'menu') {
    return (
      <>
        <button type="button" className={`side-menu__item ${className ?? ''}`} onClick={() => void open()}>
          <Icon name="headset" />
          <span>{name}</span>
        </button>
        {message}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className ?? (variant === 'rail' ? 'right-bar__btn' : 'icon-btn')}
        onClick={() => void open()}
        aria-label={name}
        title={name}
      >
        <Icon name="headset" size={variant === 'rail' ? 22 : 20} />
      </button>
      {message}
    </>
  );
}
