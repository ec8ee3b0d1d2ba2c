import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { Button } from '../Button';

interface Props {
  /** While the submission runs: the spinner, the button disabled, the "submitting" text. */
  busy: boolean;
  children: ReactNode;
}

/** The full-width submit button every form ends with. */
export function SubmitButton({ busy, children }: Props) {
  const { t } = useT();
  return (
    <Button type="submit" block size="lg" busy={busy}>
      {busy ? t('auth.submitting') : children}
    </Button>
  );
}
