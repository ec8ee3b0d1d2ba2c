export { uiStore, useUi, initialUiState } from './ui-store';
export type { UiState, MemberInfo } from './ui-store';
export { openModal, closeModal, closeModalsOfKind, useModalStack, modalStore } from './modal-store';
export type { ModalKind, ModalProps, OpenModal } from './modal-store';
export { createStore, useStore } from './store';
