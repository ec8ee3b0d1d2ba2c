import { Link } from 'react-router';
import { helpArticle, paths } from '@/config/paths';
import { useT } from '@/i18n';
import { Skeleton } from '@/ui';
import { useHelpCenter } from '../api/hooks';
import { StatusPage } from './StatusPage';
import './support.css';

/** The help-centre article the operator writes about support: who answers, when, and how. */
export const SUPPORT_ARTICLE = 'support';

/**
 * The built-in customer-service page (GET /support, opened in the 440x750 customer-service window).
 * It shows the operator's own words on who answers and when (the help article `support`, in the
 * visitor's language), so a customer-service entry can point somewhere that works before a chat
 * provider is connected. It also renders during maintenance and region blocks: the pages that offer
 * customer service then must not lead back to themselves.
 */
export default function SupportPage() {
  const { t } = useT();
  const help = useHelpCenter();
  const article = help.data?.find((a) => a.slug === SUPPORT_ARTICLE);
  return (
    <StatusPage
      icon="headset"
      tone="accent"
      title={t('common.customerService')}
      text={t('system.support.lead')}
    >
      {help.isPending ? (
        <div className="support__article">
          <Skeleton height="20px" width="60%" />
          <Skeleton height="96px" />
        </div>
      ) : article ? (
        <article className="support__article" aria-labelledby="support-article-title">
          <h2 id="support-article-title">{article.title}</h2>
          {/* Operator-written HTML from the help centre, rendered as the help modal renders it. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: article.content }} />
        </article>
      ) : (
        <p className="status-card__note">{t('system.csUnavailable')}</p>
      )}
      <p className="support__more">
        <Link to={helpArticle('faq')}>{t('system.support.faq')}</Link>
        {' · '}
        <Link to={paths.home}>{t('common.backHome')}</Link>
      </p>
    </StatusPage>
  );
}
