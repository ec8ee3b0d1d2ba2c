import { lazy } from 'react';
import { withMessages } from '@/i18n';

/**
 * The member's feedback dialog (`open`, `onClose`), loaded when first shown with its messages.
 * Render it for real accounts only (trial accounts cannot send feedback).
 */
export const FeedbackDialog = lazy(withMessages(() => import('./FeedbackDialog')));
export type { FeedbackDialogProps } from './FeedbackDialog';
