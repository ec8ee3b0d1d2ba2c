import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FIELD_RULES, isMobileNum } from '@banca/contract';
import { registerSettingsQuery, useWhitelabel } from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { openModal } from '@/state';
import { Modal, Tabs, tabPanelProps } from '@/ui';
import { Alert, PasswordField, SubmitButton, TextField, UsernameField, useZodForm } from '@/ui/form';
import { forgotPasswordByEmail, resetPasswordByPhone } from '../api/auth-api';
import { completeLogin } from '../api/session';
import { forgotPasswordSchema } from '../form-schemas';
import { AuthHero } from './AuthHero';
import { MobileField, SmsCodeField, useDefaultDial } from './fields';
import './auth.css';

interface Props {
  props: { tab?: 'email' | 'phone' };
  close: () => void;
}

type Tab = 'email' | 'phone';
interface Values {
  tab: Tab;
  username: string;
  email: string;
  mobileNum: string;
  dial: string;
  verificationCode: string;
  newPassword: string;
}
type Name = Exclude<keyof Values, 'tab' | 'dial'>;
const FIELDS: Record<Tab, Name[]> = {
  email: ['username', 'email'],
  phone: ['mobileNum', 'verificationCode', 'newPassword'],
};

/**
 * Forgot password (spec sections 4, 5): by e-mail (username + e-mail; a temporary password is sent and
 * the popup closes), or by phone when CHNGPASSVERIF3 (mobile, SMS code, new password; success logs in).
 */
export default function ForgotPasswordModal({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  const phoneEnabled = !!whitelabel?.CHNGPASSVERIF3;
  const settings = useQuery(registerSettingsQuery).data ?? [];
  const defaultDial = useDefaultDial();
  const form = useZodForm<Values>({
    defaultValues: {
      tab: props.tab === 'phone' && phoneEnabled ? 'phone' : 'email',
      username: '',
      email: '',
      mobileNum: '',
      dial: '',
      verificationCode: '',
      newPassword: '',
    },
    schema: forgotPasswordSchema(settings),
  });
  const tab = form.values.tab;
  const dial = form.values.dial || defaultDial;
  const tabsId = form.idOf('tab');

  const mutation = useMutation({
    mutationFn: async (values: Values) => {
      if (values.tab === 'email') {
        await forgotPasswordByEmail({ username: values.username.trim(), email: values.email.trim() });
        close();
        openModal('message', { title: 'auth.forgotTitle', text: 'auth.passwordSent' });
        return;
      }
      const value = await resetPasswordByPhone({
        mobileNum: values.mobileNum,
        countryDialingCode: values.dial || defaultDial,
        verificationCode: values.verificationCode,
        newPassword: values.newPassword,
      });
      await completeLogin(value, {
        type: 'username',
        password: values.newPassword,
        navigate: () => undefined,
      });
      close();
      void navigate(paths.home);
    },
    onError: (error, values) =>
      form.showServerError(error, {
        fields: FIELDS[values.tab],
        settings,
        codes: { sms_code_invalid: 'verificationCode' },
      }),
  });

  const submit = form.handleSubmit(
    // The values as typed: the e-mail call trims its own; passwords are never trimmed.
    () => mutation.mutateAsync(form.getValues()).catch(() => undefined),
    (errors) => form.focusFirstError(FIELDS[form.getValues('tab')], errors),
  );

  return (
    <Modal
      title={t('auth.forgotTitle')}
      onClose={close}
      size="sm"
      className="auth-modal auth-modal--titled"
      header={<AuthHero />}
    >
      {phoneEnabled && (
        <Tabs
          label={t('auth.forgotTitle')}
          idBase={tabsId}
          items={[
            { value: 'email', label: t('auth.byEmail') },
            { value: 'phone', label: t('auth.byPhone') },
          ]}
          value={tab}
          onChange={(value) => {
            form.setValue('tab', value);
            form.resetErrors();
          }}
        />
      )}
      <div {...(phoneEnabled ? tabPanelProps(tabsId, tab) : {})}>
        <form
          className="form"
          onSubmit={(event) => {
            form.setAlert(null);
            void submit(event);
          }}
          noValidate
          aria-label={t('auth.forgotTitle')}
        >
          {tab === 'email' ? (
            <>
              <p className="auth-lead">{t('auth.forgotEmailLead')}</p>
              <UsernameField {...form.bind('username')} data-autofocus />
              <TextField
                {...form.bind('email')}
                label={t('auth.email')}
                required
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={FIELD_RULES.email.maxLength}
              />
            </>
          ) : (
            <>
              <MobileField
                {...form.bind('mobileNum')}
                dial={dial}
                onDialChange={(value) => form.setValue('dial', value)}
                data-autofocus
              />
              <SmsCodeField
                {...form.bind('verificationCode')}
                purpose="noLogin"
                target={() => {
                  const mobileNum = form.getValues('mobileNum');
                  if (isMobileNum(mobileNum)) return { mobileNum, countryDialingCode: dial };
                  form.showError('mobileNum', t('auth.enterMobile'));
                  return null;
                }}
              />
              <PasswordField
                {...form.bind('newPassword')}
                name="newPassword"
                label={t('auth.newPassword')}
                autoComplete="new-password"
              />
            </>
          )}
          <Alert>{form.alert}</Alert>
          <SubmitButton busy={mutation.isPending}>
            {t(tab === 'email' ? 'auth.sendPassword' : 'auth.resetSubmit')}
          </SubmitButton>
        </form>
      </div>
    </Modal>
  );
}
