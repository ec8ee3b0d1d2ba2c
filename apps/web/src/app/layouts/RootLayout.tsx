import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { hideBootCover } from '@/features/system';
import { ContractPopup } from '@/features/contracts';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { LoadingCover } from '@/ui';
import { ModalHost } from '../ModalHost';
import { NavigationEffects } from '../NavigationEffects';

/** Above every layout: navigation effects, the modal host and the loading cover. */
export function RootLayout() {
  const { t } = useT();
  const loadingCover = useUi((state) => state.loadingCover);
  // The contract popup loads only for a logged-in real account (spec section 6).
  const contracts = useUi((state) => state.isLogin && !state.isTrial && state.memberInfo !== null);
  useEffect(hideBootCover, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <NavigationEffects />
      <Outlet />
      <ModalHost />
      {contracts && (
        <Suspense fallback={null}>
          <ContractPopup />
        </Suspense>
      )}
      <LoadingCover show={loadingCover} />
    </>
  );
}
