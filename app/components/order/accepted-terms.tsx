// What the buyer agreed to (issue 32): the versions of the Termos de Uso and Política de Privacidade
// the order recorded at checkout, each linked to its text as it was then.
import { Link } from 'react-router';
import { legalVersionPath, PRIVACY_SLUG, TERMS_SLUG } from '~/lib/contract';

const LINK = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200';

export function AcceptedTerms({ termsVersion, privacyVersion }: { termsVersion: number | null; privacyVersion: number | null }) {
  if (termsVersion === null) return null;
  return (
    <p className="mt-6 text-sm text-slate-700 dark:text-slate-300" data-testid="accepted-terms">
      Termos aceitos:{' '}
      <Link to={legalVersionPath(TERMS_SLUG, termsVersion)} className={LINK}>
        versão {termsVersion}
      </Link>
      {privacyVersion === null ? null : (
        <>
          {' '}
          · Política de Privacidade:{' '}
          <Link to={legalVersionPath(PRIVACY_SLUG, privacyVersion)} className={LINK}>
            versão {privacyVersion}
          </Link>
        </>
      )}
    </p>
  );
}
