import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messagesCalls } from '@banca/contract/routes';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_TITLE_MAX,
  type MessageAudience,
  type OpsMessage,
  type SendMessageBody,
} from '@banca/contract';
import { errorText, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { Field } from '@/ui/Field.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';
import { applyWrap, MESSAGE_TAGS, sanitizePreview, TOOLBAR } from '@/features/help/rich-text.ts';
import { sendFieldErrors, type MessageField } from './messages-form.ts';

/** The help editor's toolbar without headings: a message allows none. */
const TOOLS = TOOLBAR.filter((tool) => tool.id !== 'h2' && tool.id !== 'h3');
const LANGS = ['PT', 'EN'] as const;
type Lang = (typeof LANGS)[number];

/**
 * A new message: to one member (by username) or to every member, a title and a text in Portuguese
 * and English (simple HTML with a toolbar and a sanitised preview), the reason for the audit. To every
 * member, a second step says so and asks again before anything is sent. The server's field errors
 * show under their fields.
 */
export function SendMessageDialog({
  onSent,
  onClose,
}: {
  onSent: (message: OpsMessage) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [audience, setAudience] = useState<MessageAudience>('member');
  const [content, setContent] = useState<Record<Lang, string>>({ PT: '', EN: '' });
  /** The body waiting for the second step (to every member only). */
  const [confirming, setConfirming] = useState<SendMessageBody | null>(null);
  const send = useMutation({
    mutationFn: (body: SendMessageBody) => opsCall<OpsMessage>(messagesCalls.opsSend, { body }),
    onSuccess: (message) => {
      onSent(message);
      ref.current?.close(); // onClose unmounts the dialog
    },
    onError: () => setConfirming(null),
  });
  const fields = sendFieldErrors(send.error, t);
  const fieldError = (name: MessageField) => fields[name] ?? null;
  const hasFieldErrors = Object.keys(fields).length > 0;

  // A refusal naming fields: back on the form, on the first field it names.
  useEffect(() => {
    if (!send.isError) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [send.isError, send.error]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body: SendMessageBody = {
      audience,
      ...(audience === 'member' ? { username: text('username') } : {}),
      titlePT: text('titlePT'),
      titleEN: text('titleEN'),
      contentPT: content.PT.trim(),
      contentEN: content.EN.trim(),
      reason: text('reason'),
    };
    if (audience === 'all') {
      send.reset();
      setConfirming(body);
    } else send.mutate(body);
  };

  return (
    <Modal dialogRef={ref} labelledBy="message-form-title" onClose={onClose} wide>
      <form
        ref={form}
        className="stack"
        onSubmit={submit}
        hidden={confirming !== null}
        data-testid="message-form"
      >
        <h2 id="message-form-title">{t('messages.formTitle')}</h2>
        <fieldset className="seg">
          <legend>{t('messages.to')}</legend>
          {(['member', 'all'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="audience"
                value={value}
                checked={audience === value}
                onChange={() => setAudience(value)}
              />
              {value === 'member' ? t('messages.toMember') : t('messages.toAll')}
            </label>
          ))}
        </fieldset>
        {audience === 'member' && (
          <Field
            label={t('messages.username')}
            help={t('messages.usernameHelp')}
            name="username"
            required
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            error={fieldError('username')}
          />
        )}
        {LANGS.map((lang) => (
          <LanguageFields
            key={lang}
            lang={lang}
            content={content[lang]}
            onContent={(next) => setContent((c) => ({ ...c, [lang]: next }))}
            titleError={fieldError(`title${lang}`)}
            contentError={fieldError(`content${lang}`)}
          />
        ))}
        <ReasonField id="message-reason" label={t('messages.reason')} error={fieldError('reason')} />
        {send.isError && (
          <Notice kind="error">{hasFieldErrors ? t('messages.fixFields') : errorText(send.error)}</Notice>
        )}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {audience === 'all' ? t('messages.review') : t('messages.send')}
          </button>
        </div>
      </form>
      {confirming && (
        <div className="stack" role="group" aria-labelledby="message-confirm-title">
          <h2 id="message-confirm-title">{t('messages.confirmTitle')}</h2>
          <p className="notice notice--warn">{t('messages.confirmBody')}</p>
          <dl className="facts">
            <div>
              <dt>{t('messages.langs.PT')}</dt>
              <dd>{confirming.titlePT}</dd>
            </div>
            <div>
              <dt>{t('messages.langs.EN')}</dt>
              <dd>{confirming.titleEN}</dd>
            </div>
          </dl>
          <div className="row row--end">
            <button
              type="button"
              className="btn btn--ghost"
              disabled={send.isPending}
              onClick={() => {
                setConfirming(null);
                requestAnimationFrame(() =>
                  form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus(),
                );
              }}
            >
              {t('messages.back')}
            </button>
            <button
              ref={confirmButton}
              type="button"
              className="btn btn--primary"
              disabled={send.isPending}
              onClick={() => send.mutate(confirming)}
            >
              {t('messages.confirmSend')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** One language's title and text: the toolbar, the text (simple HTML) and its sanitised preview. */
function LanguageFields({
  lang,
  content,
  onContent,
  titleError,
  contentError,
}: {
  lang: Lang;
  content: string;
  onContent: (next: string) => void;
  titleError: string | null;
  contentError: string | null;
}) {
  const { t } = useI18n();
  const area = useRef<HTMLTextAreaElement>(null);
  const id = `message-content-${lang}`;
  const wrap = (index: number) => {
    const el = area.current;
    const tool = TOOLS[index]!;
    const start = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? content.length;
    const next = applyWrap(content, start, end, tool.wrap, t('help.sample'));
    onContent(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.selection[0], next.selection[1]);
    });
  };
  const preview = sanitizePreview(content, MESSAGE_TAGS);
  const tag = lang === 'PT' ? 'pt-BR' : 'en';
  const described = [`${id}-help`, contentError ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="group">
      <legend id={`${id}-legend`}>{t(`messages.langs.${lang}`)}</legend>
      <Field
        label={t('messages.titleField')}
        name={`title${lang}`}
        required
        maxLength={MESSAGE_TITLE_MAX}
        lang={tag}
        error={titleError}
      />
      <div className="editor editor--compact">
        <div className="field">
          <label htmlFor={id}>{t('messages.content')}</label>
          <div
            className="toolbar"
            role="toolbar"
            aria-label={t('messages.toolbar', { lang: t(`messages.langs.${lang}`) })}
            aria-controls={id}
          >
            {TOOLS.map((tool, i) => (
              <button
                key={tool.id}
                type="button"
                className="btn btn--sm btn--ghost"
                title={t(`help.tools.${tool.id as 'bold'}`)}
                onClick={() => wrap(i)}
              >
                {/* The glyph for the eye, the tool's name for a screen reader (and axe's label check). */}
                <span aria-hidden="true">{tool.label}</span>
                <span className="sr-only">{t(`help.tools.${tool.id as 'bold'}`)}</span>
              </button>
            ))}
          </div>
          <textarea
            id={id}
            ref={area}
            rows={6}
            value={content}
            required
            maxLength={MESSAGE_CONTENT_MAX}
            onChange={(e) => onContent(e.target.value)}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={described}
            lang={tag}
            spellCheck
          />
          <p id={`${id}-help`} className="field__help">
            {t('messages.contentHelp')}
          </p>
          {contentError && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {contentError}
            </p>
          )}
        </div>
        <div className="field">
          <span className="label" id={`${id}-preview`}>
            {t('messages.preview')}
          </span>
          <div
            className="preview preview--message"
            role="region"
            aria-labelledby={`${id}-preview ${id}-legend`}
            data-testid={`message-preview-${lang}`}
          >
            {preview ? (
              <div className="rich-text" lang={tag} dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <p className="muted">{t('messages.previewEmpty')}</p>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
