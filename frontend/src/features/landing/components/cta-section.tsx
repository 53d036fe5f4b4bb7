import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonStyles } from '../../../components/ui/button-styles';

export function CtaSection() {
  const { t } = useTranslation();
  return (
    <section className="px-4 pb-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-600 px-6 py-14 text-center shadow-xl sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{t('landing.cta.title')}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{t('landing.cta.subtitle')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/register" className={buttonStyles('inverse', 'lg')}>
            {t('landing.cta.startTrial')}
          </Link>
          {/* Contact Sales has no behaviour yet (docs/product.md, "Landing page"). */}
          <button type="button" className={buttonStyles('inverseOutline', 'lg')}>
            {t('landing.cta.contactSales')}
          </button>
        </div>
      </div>
    </section>
  );
}
