import { useNavigate } from 'react-router';
import { useT, type TKey } from '@/i18n';
import { Button } from './Button';
import { Modal } from './Modal';

interface Props {
  props: {
    title: TKey;
    text?: TKey;
    rawText?: string;
    confirm?: TKey;
    /** A second, primary button that closes the dialog and goes to an app path (e.g. deposit now). */
    action?: { label: TKey; to: string };
  };
  close: () => void;
}

/** The generic message dialog: a title, a text, one confirm button and an optional action. */
export default function MessageDialog({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const { action } = props;
  return (
    <Modal
      title={t(props.title)}
      onClose={close}
      size="sm"
      role="alertdialog"
      describedBy="message-dialog-text"
    >
      <p id="message-dialog-text" className="dialog-text">
        {props.rawText ?? (props.text ? t(props.text) : '')}
      </p>
      <div className="dialog-actions">
        {action ? (
          <>
            <Button variant="outline" onClick={close}>
              {t(props.confirm ?? 'common.confirm')}
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                close();
                void navigate(action.to);
              }}
            >
              {t(action.label)}
            </Button>
          </>
        ) : (
          <Button onClick={close} data-autofocus>
            {t(props.confirm ?? 'common.confirm')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
