import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { messagesCalls } from '@banca/contract/routes';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_PER_HOUR,
  FEEDBACK_TYPES,
  type FeedbackType,
} from '@banca/contract';
import { apiCall, isApiError } from '@/api';
import { t, useT } from '@/i18n';
import { Button, Modal } from '@/ui';
import { Alert, FormField, SubmitButton, describedBy, useZodForm } from '@/ui/form';
import './feedback.css';

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

interface Values {
  questionType: FeedbackType | '';
  content: string;
}
const NAMES = ['questionType', 'content'] as const;
const LENGTH = { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX };

/** The contract's rule (feedbackBodySchema) with the dialog's messages, read when checked. */
const schema = z.object({
  questionType: z.enum(FEEDBACK_TYPES, { error: () => t('feedback.chooseType') }),
  content: z
    .string()
    .trim()
    .min(FEEDBACK_CONTENT_MIN, { error: () => t('feedback.contentLength', LENGTH) })
    .max(FEEDBACK_CONTENT_MAX, { error: () => t('feedback.contentLength', LENGTH) }),
});

/**
 * The member's feedback (spec sections 3, 5, 7: PUT /wps/feedback): a question type and 5-140
 * characters; the answer arrives later in the member's Messages. Real accounts only: the caller
 * renders it for them alone (trial accounts get in_need_true_account from the gateway).
 */
export default function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  if (!open) return null;
  return <FeedbackForm onClose={onClose} />;
}

function FeedbackForm({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const [sent, setSent] = useState(false);
  const form = useZodForm<Values>({ defaultValues: { questionType: '', content: '' }, schema });
  const send = useMutation({
    mutationFn: (values: Values) =>
      apiCall(messagesCalls.feedback, {
        body: { questionType: values.questionType as FeedbackType, content: values.content.trim() },
      }),
    onSuccess: () => setSent(true),
    onError: (error) => {
      if (isApiError(error) && error.code === 'too_many_requests') {
        form.setAlert(t('feedback.tooMany', { n: FEEDBACK_PER_HOUR }));
        return;
      }
      if (isApiError(error) && error.code === 'in_need_true_account') {
        form.setAlert(t('in_need_true_account'));
        return;
      }
      if (isApiError(error) && error.code === 'invalid_input') {
        const texts: Partial<Record<keyof Values, string>> = {};
        if (error.fields.questionType) texts.questionType = t('feedback.chooseType');
        if (error.fields.content) texts.content = t('feedback.contentLength', LENGTH);
        if (Object.keys(texts).length) {
          form.showErrors(texts);
          return;
        }
      }
      form.setAlert(isApiError(error) ? error.message : t('unknown_error'));
    },
  });
  const submit = form.handleSubmit(
    (values) => send.mutateAsync(values).catch(() => undefined),
    (errors) => form.focusFirstError(NAMES, errors),
  );

  if (sent)
    return (
      <Modal title={t('feedback.title')} onClose={onClose} size="sm" className="feedback-dialog">
        <div className="feedback-done" role="status">
          <span className="feedback-done__mark" aria-hidden="true">
            ✓
          </span>
          <p className="feedback-done__text">{t('feedback.thanks')}</p>
        </div>
        <Button block size="lg" onClick={onClose} data-autofocus>
          {t('common.close')}
        </Button>
      </Modal>
    );

  const type = form.bind('questionType');
  const content = form.bind('content');
  const length = content.value.length;
  const hint = t('feedback.contentHint', { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX });
  const counterId = `${content.id}-count`;
  const hintId = `${content.id}-hint`;
  return (
    <Modal title={t('feedback.title')} onClose={onClose} size="sm" className="feedback-dialog">
      <form
        className="form"
        noValidate
        aria-label={t('feedback.title')}
        onSubmit={(event) => {
          form.setAlert(null);
          void submit(event);
        }}
      >
        <p className="feedback-lead">{t('feedback.lead')}</p>
        <FormField id={type.id} label={t('feedback.type')} error={type.error} required>
          <select
            id={type.id}
            name="questionType"
            value={type.value}
            onChange={(event) => type.onChange(event.target.value)}
            aria-invalid={!!type.error}
            aria-required
            aria-describedby={describedBy(type.id, type.error)}
            data-autofocus
          >
            <option value="" disabled>
              {t('feedback.choose')}
            </option>
            {FEEDBACK_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`feedback.types.${k}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={content.id} label={t('feedback.content')} error={content.error} required>
          <textarea
            id={content.id}
            name="content"
            rows={4}
            maxLength={FEEDBACK_CONTENT_MAX}
            value={content.value}
            onChange={(event) => content.onChange(event.target.value)}
            aria-invalid={!!content.error}
            aria-required
            aria-describedby={`${content.error ? `${content.id}-error` : hintId} ${counterId}`}
          />
          <span className="feedback-meta">
            <span id={hintId}>{hint}</span>
            <span
              id={counterId}
              className={`feedback-count${length >= FEEDBACK_CONTENT_MAX ? ' feedback-count--full' : ''}`}
            >
              <span className="visually-hidden">{t('feedback.counterLabel')} </span>
              {length}/{FEEDBACK_CONTENT_MAX}
            </span>
          </span>
        </FormField>
        <Alert>{form.alert}</Alert>
        <SubmitButton busy={send.isPending}>{t('feedback.send')}</SubmitButton>
      </form>
    </Modal>
  );
}
