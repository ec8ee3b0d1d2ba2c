import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isMobileNum, type RegisterBody, type RegisterField } from '@banca/contract';
import { isApiError } from '@/api';
import { registerSettingsQuery, useWhitelabel } from '@/features/system';
import { memberPage, paths } from '@/config/paths';
import { t } from '@/i18n';
import { openModal } from '@/state';
import { useZodForm } from '@/ui/form';
import { checkAffiliate, register, registerCheck } from '../api/auth-api';
import { completeLogin } from '../api/session';
import { useDefaultDial } from '../components/fields';
import {
  codesFromUrl,
  modeFlags,
  registerErrors,
  registerModes,
  visibleFields,
  type RegisterMode,
  type VisibleField,
} from '../components/register-form';

/** The registration form's values: every register field, the dialing code and the terms box. */
export type RegisterFormValues = Partial<Record<RegisterField | 'countryDialingCode', string>> & {
  terms: boolean;
};

/** Passwords are sent as typed; every other value without its surrounding spaces. */
const cleaned = (name: string, raw: string | undefined) =>
  name.toLowerCase().includes('password') ? (raw ?? '') : (raw ?? '').trim();

/**
 * The registration flow (spec sections 4, 5, 8), apart from its rendering: the modes the merchant
 * offers (USERNAMEREG3 / MOBILENUMREG3) and the fields each shows (GET /wps/system/setting/register),
 * the checks (the contract's validateRegisterFields, the terms), then on submit the affiliate code
 * check (an invalid one shows the warning dialog), PUT /wps/member/register[/mobile] as a mutation,
 * the server's field errors under the fields, a new captcha after a failure, and on success the
 * login and the way home.
 */
export function useRegisterForm({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  const settings = useQuery(registerSettingsQuery);
  // The registration limit, asked when the form opens: told before the captcha and an SMS code are
  // spent on a registration the server would refuse (issue 25 item 11).
  const allowance = useQuery({
    queryKey: ['registerCheck'],
    queryFn: registerCheck,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const limited =
    isApiError(allowance.error) && allowance.error.code === 'too_many_requests'
      ? allowance.error.message
      : null;
  const defaultDial = useDefaultDial();
  const modes = registerModes(whitelabel);
  const flags = modeFlags(whitelabel);
  const [mode, setModeState] = useState<RegisterMode>(modes[0]!);
  const [captchaId, setCaptchaId] = useState<string>();
  const [captchaReload, setCaptchaReload] = useState(0);
  const list = useMemo(() => settings.data ?? [], [settings.data]);
  const fields: VisibleField[] = useMemo(
    () => visibleFields(list, mode, flags),
    // flags is derived from whitelabel
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, mode, whitelabel],
  );
  const names = fields.map((f) => f.name);
  const shows = (name: RegisterField) => names.includes(name);

  const form = useZodForm<RegisterFormValues>({
    defaultValues: { ...codesFromUrl(location.search), terms: false },
    // The contract's rules for the fields this mode shows, and the terms box.
    schema: () =>
      z.looseObject({}).superRefine((values, ctx) => {
        const texts = registerErrors(values as Record<string, string>, list, mode, flags, fields);
        for (const [name, message] of Object.entries(texts))
          ctx.addIssue({ code: 'custom', path: [name], message });
        if (values.terms !== true)
          ctx.addIssue({ code: 'custom', path: ['terms'], message: t('auth.termsRequired') });
      }),
  });
  const dial = form.values.countryDialingCode || defaultDial;

  const mutation = useMutation({
    mutationFn: async (values: RegisterFormValues) => {
      const affiliate = values.affiliateCode?.trim();
      if (affiliate && shows('affiliateCode')) {
        const check = await checkAffiliate(affiliate);
        if (!check.valid) {
          // Spec section 8: an invalid affiliate code shows a warning dialog.
          openModal('message', {
            title: 'in_popup_prompt',
            text: 'fieldError.affiliate_invalid',
            confirm: 'in_increase_submit',
          });
          form.setError('affiliateCode', { type: 'server', message: t('fieldError.affiliate_invalid') });
          return;
        }
      }
      const body: Record<string, string> = {};
      for (const name of names) {
        const value = cleaned(name, values[name]);
        if (value) body[name] = value;
      }
      const value = await register(mode, {
        ...body,
        registerMethod: 'WEB',
        domain: location.hostname,
        registerUrl: location.href.slice(0, 2048),
        ...(shows('mobileNum') ? { countryDialingCode: dial } : {}),
        ...(shows('captcha') && captchaId ? { captchaId } : {}),
      } as RegisterBody);
      const outcome = await completeLogin(value, {
        type: 'username',
        password: values.password,
        navigate: (to) => void navigate(to),
      });
      close();
      void navigate(paths.home);
      // One welcome saying what comes next (not over a forced password change, which comes first).
      if (outcome !== 'changePassword') {
        const account = body.username ?? (body.mobileNum ? `${dial} ${body.mobileNum}` : '');
        openModal('message', {
          title: 'auth.welcomeTitle',
          rawText: t('auth.welcomeText', { account }),
          confirm: 'auth.welcomeLater',
          action: { label: 'auth.welcomeDeposit', to: memberPage('depositv2') },
        });
      }
    },
    onError: (error) => {
      form.showServerError(error, {
        fields: names,
        settings: list,
        aliases: { countryDialingCode: 'mobileNum' },
      });
      // Captchas are single use: a new image for the next attempt.
      if (shows('captcha')) setCaptchaReload((k) => k + 1);
    },
  });

  const submit = form.handleSubmit(
    () => mutation.mutateAsync(form.getValues()).catch(() => undefined),
    (errors) => form.focusFirstError([...names, 'terms'], errors),
  );

  return {
    form,
    settings,
    /** The registration limit's message when this address may not register now, else null. */
    limited,
    modes,
    mode,
    /** Another registration mode: its own fields, no errors carried over. */
    setMode: (next: RegisterMode) => {
      setModeState(next);
      form.resetErrors();
    },
    fields,
    dial,
    busy: mutation.isPending,
    onSubmit: (event: { preventDefault: () => void }) => {
      form.setAlert(null);
      void submit(event as Parameters<typeof submit>[0]);
    },
    /** Props of the captcha field beyond its value: the image id and a reload after each failure. */
    captcha: { onCaptchaId: setCaptchaId, reloadKey: captchaReload },
    /** The number the SMS code goes to, or null (the mobile field then says why and takes the focus). */
    smsTarget: () => {
      const mobileNum = (form.getValues('mobileNum') ?? '').trim();
      if (isMobileNum(mobileNum)) return { mobileNum, countryDialingCode: dial };
      form.showError('mobileNum', t('auth.enterMobile'));
      return null;
    },
  };
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;
