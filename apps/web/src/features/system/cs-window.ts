import { CUSTOMER_SERVICE_WINDOW } from '@banca/contract';

/** Opens the (blank) customer-service window, 440x750 and centred, inside the user's click. */
export const openBlankWindow = (): Window | null => {
  const { width, height } = CUSTOMER_SERVICE_WINDOW;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  return window.open('', 'banca-customer-service', `width=${width},height=${height},left=${left},top=${top}`);
};
