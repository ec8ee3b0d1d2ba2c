import { useT, type TKey } from '@/i18n';
import { Button } from './Button';
import { Modal } from './Modal';

interface Props {
  props: { title: TKey; text?: TKey; rawText?: string; confirm?: TKey };
  close: () => void;
}

/** The generic message dialog: a title, a text and one confirm button. */
export default function MessageDialog({ props, close }: Props) {
  const { t } = useT();
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
        <Button onClick={close} data-autofocus>
          {t(props.confirm ?? 'common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
