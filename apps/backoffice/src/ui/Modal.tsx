import type { ReactNode, RefObject } from 'react';

/**
 * A modal dialog, opened as it mounts (the browser's own: focus trapped, Escape closes, the page
 * behind inert). `dialogRef` lets the page close it (`dialogRef.current?.close()`); every way of
 * closing ends in `onClose`, where the page unmounts it.
 */
export function Modal({
  dialogRef,
  labelledBy,
  onClose,
  wide = false,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The id of the dialog's heading. */
  labelledBy: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={(el) => {
        dialogRef.current = el;
        if (el && !el.open) el.showModal();
      }}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby={labelledBy}
      onClose={onClose}
    >
      {children}
    </dialog>
  );
}
