import { Link } from 'react-router';
import { useCatalogueVendors } from '@/features/lobby';
import { useHelpCenter, useSiteName } from '@/features/system';
import { helpArticle, paths } from '@/config/paths';
import { useT } from '@/i18n';
import { Skeleton } from '@/ui';
import { SocialLinks } from './SocialLinks';

const PRODUCTS = [
  { to: paths.live, key: 'LIVE' },
  { to: paths.rng, key: 'RNG' },
  { to: paths.fish, key: 'FISH' },
  { to: paths.pvp, key: 'PVP' },
  { to: paths.sports, key: 'SPORTS' },
  { to: paths.esports, key: 'ESPORTS' },
  { to: paths.cockfight, key: 'COCKFIGHT' },
  { to: paths.lott, key: 'LOTT' },
  { to: paths.elott, key: 'ELOTT' },
] as const;

/**
 * Footer: help-centre links (open the help modal), product categories, social links, and the marks
 * of the vendors the catalogue really has.
 */
export default function Footer() {
  const { t } = useT();
  const site = useSiteName();
  const help = useHelpCenter();
  const articles = [...(help.data ?? [])].sort((a, b) => a.sort - b.sort);
  const { vendors, pending: vendorsPending } = useCatalogueVendors();

  return (
    <footer className="footer">
      <div className="footer__grid">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="footer__heading">
            {t('footer.help')}
          </h2>
          {help.isPending ? (
            <div className="footer__skeleton">
              <Skeleton width="70%" />
              <Skeleton width="55%" />
              <Skeleton width="62%" />
            </div>
          ) : articles.length > 0 ? (
            <ul className="footer__links">
              {articles.map((article) => (
                <li key={article.id}>
                  <Link to={helpArticle(article.slug)}>{article.title}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="footer__note">{t('footer.noHelp')}</p>
          )}
        </section>
        <section aria-labelledby="footer-products">
          <h2 id="footer-products" className="footer__heading">
            {t('footer.products')}
          </h2>
          <ul className="footer__links footer__links--cols">
            {PRODUCTS.map((product) => (
              <li key={product.key}>
                <Link to={product.to}>{t(`category.${product.key}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <SocialLinks className="footer__social" headingClass="footer__heading" title={t('footer.social')} />
      </div>
      <section className="footer__vendors" aria-labelledby="footer-vendors">
        <h2 id="footer-vendors" className="footer__heading">
          {t('footer.vendors')}
        </h2>
        {vendorsPending ? (
          <div className="footer__skeleton">
            <Skeleton width="60%" />
          </div>
        ) : (
          <ul className="vendor-badges">
            {vendors.map((vendor) => (
              <li key={vendor.vassalage} className="vendor-badge">
                {vendor.name}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="footer__legal">
        <span className="age-badge" aria-hidden="true">
          18+
        </span>
        <p>{t('footer.responsible')}</p>
        <p>{t('footer.rights', { year: new Date().getFullYear(), site })}</p>
      </div>
    </footer>
  );
}
