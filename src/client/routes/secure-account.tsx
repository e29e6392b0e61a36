import { security } from '#shared/endpoints/security';
import { call } from '../api/client';
import { DisownLinkPage } from '../features/auth/disown-link-page';
import { useT } from '../i18n';

/** /secure-account?token=…, the "This wasn't me" link of a new sign-in's mail (decision 200). */
export function SecureAccountPage() {
  const t = useT('auth');
  return (
    <DisownLinkPage
      disown={async (token) => (await call(security.secureAccount, { body: { token }, auth: false })).data}
      texts={{
        title: t('secureTitle'),
        body: (
          <>
            <p>{t('secureLead')}</p>
            <p>{t('secureText')}</p>
          </>
        ),
        action: t('secureAction'),
        keep: t('secureKeep'),
        failedTitle: t('secureFailedTitle'),
        failed: t('secureFailed'),
      }}
    />
  );
}
