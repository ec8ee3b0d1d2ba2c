import { operatorCalls } from '@banca/contract/routes';
import type { OperatorLoginValue, OperatorMe, OperatorSessionValue } from '@banca/contract';
import { opsCall } from './client.ts';

export const fetchMe = () => opsCall<OperatorMe>(operatorCalls.me);

export const loginPassword = (username: string, password: string) =>
  opsCall<OperatorLoginValue>(operatorCalls.login, { body: { username, password } });

export const loginCode = (challenge: string, secret: { code: string } | { recoveryCode: string }) =>
  opsCall<OperatorSessionValue>(operatorCalls.totp, { body: { challenge, ...secret, session: 'cookie' } });

export const logout = () => opsCall<null>(operatorCalls.logout);
