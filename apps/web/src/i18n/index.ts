export {
  t,
  useT,
  setLanguage,
  getLanguage,
  initLanguage,
  hasKey,
  HTML_LANG,
  isLanguage,
  ensureMoreMessages,
  withMessages,
} from './i18n';
export type { TKey, TVars, Messages } from './i18n';
