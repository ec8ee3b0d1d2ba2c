import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/api';
import { ensureMoreMessages, setLanguage, t } from '@/i18n';
import { modalStore } from '@/state';
import { sendSmsCode } from '../../api/auth-api';
import { SmsCodeField } from './SmsCodeField';

vi.mock('../../api/auth-api', () => ({ sendSmsCode: vi.fn() }));
const sendMock = vi.mocked(sendSmsCode);

beforeEach(async () => {
  await ensureMoreMessages();
  sendMock.mockReset();
});
afterEach(async () => {
  modalStore.reset();
  await setLanguage('PT', false);
});

const field = (target: () => { mobileNum: string; countryDialingCode: string } | null) =>
  render(<SmsCodeField id="code" purpose="noLogin" target={target} value="" onChange={() => undefined} />);

describe('SmsCodeField', () => {
  it('does not let a press without a number hold back the next one', async () => {
    sendMock.mockResolvedValue({ expiredMinutes: 1 });
    let to: { mobileNum: string; countryDialingCode: string } | null = null;
    field(() => to);
    fireEvent.click(screen.getByRole('button', { name: t('auth.sendCode') }));
    expect(sendMock).not.toHaveBeenCalled();
    to = { mobileNum: '11987654321', countryDialingCode: '+55' };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('auth.sendCode') })));
    expect(sendMock).toHaveBeenCalledWith('noLogin', to);
    expect(screen.getByRole('button', { name: t('auth.resendIn', { seconds: 60 }) })).toHaveProperty(
      'disabled',
      true,
    );
    // The code's validity (5 minutes) and the resend wait, told apart under the field.
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe('code-hint');
    expect(document.getElementById('code-hint')?.textContent).toBe(
      t('auth.smsHintWait', { minutes: 5, seconds: 60 }),
    );
  });

  it('says how long a code is valid before one is sent, beside an error too', () => {
    field(() => null);
    expect(document.getElementById('code-hint')?.textContent).toBe(t('auth.smsHint', { minutes: 5 }));
    render(
      <SmsCodeField
        id="other"
        purpose="noLogin"
        target={() => null}
        value=""
        onChange={() => undefined}
        error="Empty"
      />,
    );
    expect(screen.getByRole('textbox', { name: t('auth.smsCode'), description: /Empty/ })).toBeTruthy();
    expect(document.getElementById('other')?.getAttribute('aria-describedby')).toBe('other-error other-hint');
  });

  it('shows a refusal as too soon in the dialog and counts down the wait the server gives', async () => {
    sendMock.mockRejectedValue(
      new ApiError('too_many_requests', 429, 'Too many requests', {}, { retryAfterSeconds: 42 }),
    );
    field(() => ({ mobileNum: '11987654321', countryDialingCode: '+55' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('auth.sendCode') })));
    expect(modalStore.get().stack).toEqual([
      expect.objectContaining({
        kind: 'message',
        props: expect.objectContaining({ rawText: 'Too many requests' }),
      }),
    ]);
    expect(screen.getByRole('button', { name: t('auth.resendIn', { seconds: 42 }) })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
