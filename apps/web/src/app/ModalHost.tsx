import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { HelpModal } from '@/features/content';
import {
  ChangePasswordModal,
  ForgotPasswordModal,
  LoginModal,
  LogoutConfirm,
  RegisterModal,
} from '@/features/auth';
import { GamePopup, VendorGamesPopup } from '@/features/lobby';
import { closeModal, useModalStack, type ModalKind, type ModalProps } from '@/state';
import { Spinner } from '@/ui';
import { withMessages } from '@/i18n';

export interface ModalComponentProps<K extends ModalKind> {
  props: ModalProps[K];
  close: () => void;
}

const MessageDialog = lazy(withMessages(() => import('@/ui/MessageDialog')));

type AnyModal = LazyExoticComponent<ComponentType<ModalComponentProps<never>>>;
const registry: Record<ModalKind, AnyModal> = {
  login: LoginModal as AnyModal,
  register: RegisterModal as AnyModal,
  changePassword: ChangePasswordModal as AnyModal,
  forgotPassword: ForgotPasswordModal as AnyModal,
  help: HelpModal as AnyModal,
  logoutConfirm: LogoutConfirm as AnyModal,
  message: MessageDialog as AnyModal,
  game: GamePopup as AnyModal,
  vendorGames: VendorGamesPopup as AnyModal,
};

/** The one modal host: renders the open modals in order, each loaded on demand. */
export function ModalHost() {
  const stack = useModalStack();
  return (
    <>
      {stack.map((modal) => {
        const Component = registry[modal.kind];
        return (
          <Suspense
            key={modal.id}
            fallback={
              <div className="modal modal--loading">
                <Spinner size="lg" />
              </div>
            }
          >
            <Component props={modal.props as never} close={() => closeModal(modal.id)} />
          </Suspense>
        );
      })}
    </>
  );
}
