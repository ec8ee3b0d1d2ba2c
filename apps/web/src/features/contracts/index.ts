import { lazy } from 'react';
import { withMessages } from '@/i18n';

/** The contract popup: loaded only for logged-in real accounts (spec section 6). */
export const ContractPopup = lazy(withMessages(() => import('./ContractPopup')));
/** The agent centre's dividend / daily / hourly / real-time pages. */
export const ContractPage = lazy(withMessages(() => import('./ContractPage')));
