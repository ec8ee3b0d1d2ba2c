import { useRef, useState } from 'react';
import { useHelpCenter } from '@/features/system';
import { useT } from '@/i18n';
import { Empty, Modal, Skeleton, useScrollStrip } from '@/ui';

interface Props {
  props: { slug?: string };
  close: () => void;
}

/** Help centre (GET /wps/system/helpCenter): article list and the selected article (by slug). */
export default function HelpModal({ props, close }: Props) {
  const { t } = useT();
  const help = useHelpCenter();
  const articles = [...(help.data ?? [])].sort((a, b) => a.sort - b.sort);
  const [slug, setSlug] = useState(props.slug);
  // A new /help#slug while open selects that article.
  const [fromProps, setFromProps] = useState(props.slug);
  if (fromProps !== props.slug) {
    setFromProps(props.slug);
    setSlug(props.slug);
  }
  const selected = articles.find((a) => a.slug === slug) ?? articles[0];
  // On phones the article list is a horizontal strip: keep the open article's tab in view.
  const strip = useRef<HTMLUListElement>(null);
  useScrollStrip(strip, selected?.slug);

  return (
    <Modal title={t('help.title')} onClose={close} size="lg">
      {help.isPending ? (
        <div className="help">
          <div className="help__list">
            <Skeleton height="36px" />
            <Skeleton height="36px" />
            <Skeleton height="36px" />
          </div>
          <div className="help__article">
            <Skeleton height="24px" width="50%" />
            <Skeleton height="120px" />
          </div>
        </div>
      ) : articles.length === 0 ? (
        <Empty title={t('help.empty')} icon="help" />
      ) : (
        <div className="help">
          <nav className="help__list" aria-label={t('help.articles')}>
            <ul ref={strip} className="scroll-strip">
              {articles.map((article) => (
                <li key={article.id}>
                  <button
                    type="button"
                    className={`help__item${article === selected ? ' is-active' : ''}`}
                    aria-current={article === selected ? 'true' : undefined}
                    // The dialog's first focus goes to the open article's topic, not the first topic.
                    data-autofocus={article === selected ? '' : undefined}
                    onClick={() => {
                      setSlug(article.slug);
                      history.replaceState(
                        history.state,
                        '',
                        `${location.pathname}#${encodeURIComponent(article.slug)}`,
                      );
                    }}
                  >
                    {article.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected && (
            <article className="help__article" id={selected.slug} aria-labelledby="help-article-title">
              <h3 id="help-article-title">{selected.title}</h3>
              {/* Operator-written HTML, sanitised by the gateway (contract: helpArticleSchema). */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: selected.content }} />
            </article>
          )}
        </div>
      )}
    </Modal>
  );
}
