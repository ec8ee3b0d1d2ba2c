import { FIELD_RULES } from '@banca/contract';
import { useT } from '@/i18n';
import { DialSelect } from './DialSelect';
import { TextField, type TextFieldProps } from '@/ui/form';

interface Props extends Omit<TextFieldProps, 'label' | 'type'> {
  label?: string;
  /** The country dialing code beside the number. */
  dial: string;
  onDialChange: (dial: string) => void;
}

/** A national mobile number (digits only) with its country dialing code select beside it. */
export function MobileField({ id, label, dial, onDialChange, onChange, ...props }: Props) {
  const { t } = useT();
  return (
    <div className="form__split">
      <DialSelect id={`${id}-dial`} value={dial} onChange={onDialChange} />
      <TextField
        name="mobileNum"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={FIELD_RULES.mobileNum.maxLength}
        required
        {...props}
        id={id}
        type="tel"
        label={label ?? t('auth.mobile')}
        onChange={(value) => onChange(value.replace(/\D/g, ''))}
      />
    </div>
  );
}
