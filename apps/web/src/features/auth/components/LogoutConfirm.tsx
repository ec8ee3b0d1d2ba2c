import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { Button, Modal } from '@/ui';
import { endSession } from '../api/session';

interface Props {
  props: { returnTo?: string };
  close: () => void;
}

/** Logout confirmation (spec section 8): in_popup_prompt, in_sure_logout, cancel and confirm. */
export default function LogoutConfirm({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    // DELETE /wps/session/logout; the session ends locally whatever the gateway answers.
    await endSession();
    close();
    void navigate(props.returnTo ?? paths.home);
  };

  return (
    <Modal
      title={t('in_popup_prompt')}
      onClose={close}
      size="sm"
      role="alertdialog"
      describedBy="logout-text"
    >
      <p id="logout-text" className="dialog-text">
        {t('in_sure_logout')}
      </p>
      <div className="dialog-actions">
        <Button variant="secondary" onClick={close} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void confirm()} busy={busy}>
          {t('common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
