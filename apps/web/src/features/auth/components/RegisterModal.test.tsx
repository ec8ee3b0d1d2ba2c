import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import type { LoginValue, RegisterFieldSetting } from '@banca/contract';
import { ApiError } from '@/api';
import type * as system from '@/features/system';
import { ensureMoreMessages, setLanguage, t } from '@/i18n';
import { modalStore } from '@/state';
import { register, registerCheck } from '../api/auth-api';
import { completeLogin } from '../api/session';
import RegisterModal from './RegisterModal';

const setting = (
  name: RegisterFieldSetting['name'],
  patternId: number,
  acceptedPattern: string,
  minLength: number,
  maxLength: number,
): RegisterFieldSetting => ({
  name,
  enabled: true,
  required: true,
  patternId,
  acceptedPattern,
  minLength,
  maxLength,
});
const SETTINGS = [
  setting('username', 1, '^[A-Za-z]+[0-9]*$', 6, 12),
  setting('password', 5, '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$', 8, 20),
  setting('confirmPassword', 0, '*', 0, 0),
];

vi.mock('@/features/system', async (original) => ({
  ...(await original<typeof system>()),
  registerSettingsQuery: queryOptions({
    queryKey: ['test', 'registerSettings'],
    queryFn: async () => SETTINGS,
  }),
  useWhitelabel: () => ({ USERNAMEREG3: true }),
  useSiteName: () => 'Banca',
  useCountries: () => [],
}));
vi.mock('../api/auth-api', () => ({
  register: vi.fn(),
  registerCheck: vi.fn(async () => ({ allowed: true })),
  checkAffiliate: vi.fn(),
  fetchCaptcha: vi.fn(),
}));
vi.mock('../api/session', () => ({ completeLogin: vi.fn(async () => 'home') }));

const registerMock = vi.mocked(register);
const completeMock = vi.mocked(completeLogin);
const VALUE: LoginValue = { token: 'a'.repeat(43), firstTimeLogin: true, passwordExpired: false };

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

beforeEach(async () => {
  await ensureMoreMessages();
  registerMock.mockReset();
  completeMock.mockClear();
});
afterEach(async () => {
  modalStore.reset();
  await setLanguage('PT', false);
});

const field = (key: 'username' | 'password' | 'confirmPassword') =>
  screen.getByLabelText(t(`register.fields.${key}`), { selector: 'input' });

describe('RegisterModal', () => {
  it("checks the merchant's rules and the terms before sending, the first wrong field focused", async () => {
    const user = userEvent.setup();
    const close = vi.fn();
    render(<RegisterModal props={{}} close={close} />, { wrapper });
    await user.type(await screen.findByLabelText(t('register.fields.username')), '1abc');
    await user.click(screen.getByRole('button', { name: t('auth.submitRegister') }));
    expect(registerMock).not.toHaveBeenCalled();
    expect(screen.getByText('Comece com letras, seguidas de números (6-12 caracteres)')).toBeTruthy();
    expect(screen.getByText(t('auth.termsRequired'))).toBeTruthy();
    expect(document.activeElement).toBe(field('username'));
    // Typing into a field takes its error away; the others stay until the next submission.
    await user.type(field('username'), 'x');
    expect(screen.queryByText('Comece com letras, seguidas de números (6-12 caracteres)')).toBeNull();
    expect(screen.getByText(t('auth.termsRequired'))).toBeTruthy();
  });

  it("shows the server's field errors under their fields, then registers and logs in", async () => {
    const user = userEvent.setup();
    const close = vi.fn();
    render(<RegisterModal props={{}} close={close} />, { wrapper });
    await user.type(await screen.findByLabelText(t('register.fields.username')), ' ana123 ');
    await user.type(field('password'), 'Secret1! ');
    await user.type(field('confirmPassword'), 'Secret1! ');
    await user.click(screen.getByRole('checkbox', { name: (name) => name.startsWith(t('auth.terms')) }));
    registerMock.mockRejectedValueOnce(
      new ApiError('invalid_input', 400, 'Dados inválidos', { username: 'account_exists' }),
    );
    await user.click(screen.getByRole('button', { name: t('auth.submitRegister') }));
    await waitFor(() => expect(document.activeElement).toBe(field('username')));
    expect(screen.getByText(t('fieldError.account_exists'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(registerMock).toHaveBeenCalledWith(
      'username',
      expect.objectContaining({
        username: 'ana123',
        password: 'Secret1! ',
        confirmPassword: 'Secret1! ',
        registerMethod: 'WEB',
      }),
    );

    registerMock.mockResolvedValueOnce(VALUE);
    await user.click(screen.getByRole('button', { name: t('auth.submitRegister') }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(completeMock).toHaveBeenCalledWith(VALUE, expect.objectContaining({ password: 'Secret1! ' }));
    // One welcome dialog, naming the new account and what to do next.
    expect(modalStore.get().stack).toEqual([
      expect.objectContaining({
        kind: 'message',
        props: expect.objectContaining({
          title: 'auth.welcomeTitle',
          rawText: t('auth.welcomeText', { account: 'ana123' }),
          action: { label: 'auth.welcomeDeposit', to: '/member?page=depositv2' },
        }),
      }),
    ]);
  });

  it('links the terms to their help article in a new tab, so the form stays as typed', async () => {
    render(<RegisterModal props={{}} close={() => undefined} />, { wrapper });
    const link = await screen.findByRole('link', { name: (name) => name.startsWith(t('auth.termsLink')) });
    expect(link.getAttribute('href')).toBe('/help#term');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows an error that names no field of the form in the alert', async () => {
    const user = userEvent.setup();
    render(<RegisterModal props={{}} close={() => undefined} />, { wrapper });
    await user.type(await screen.findByLabelText(t('register.fields.username')), 'ana123');
    await user.type(field('password'), 'Secret1!');
    await user.type(field('confirmPassword'), 'Secret1!');
    await user.click(screen.getByRole('checkbox', { name: (name) => name.startsWith(t('auth.terms')) }));
    registerMock.mockRejectedValueOnce(new ApiError('too_many_requests', 429, 'Muitas tentativas'));
    await user.click(screen.getByRole('button', { name: t('auth.submitRegister') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Muitas tentativas');
  });

  it('tells the registration limit when the form opens, before any captcha or SMS code (issue 25 item 11)', async () => {
    vi.mocked(registerCheck).mockRejectedValueOnce(
      new ApiError('too_many_requests', 429, 'Muitas solicitações. Tente novamente em 42 minutos.'),
    );
    render(<RegisterModal props={{}} close={() => undefined} />, { wrapper });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Muitas solicitações. Tente novamente em 42 minutos.',
    );
    expect(screen.queryByRole('button', { name: t('auth.submitRegister') })).toBeNull();
    expect(screen.queryByLabelText(t('register.fields.username'))).toBeNull();
  });
});
