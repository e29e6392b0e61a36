import { useQueryClient } from '@tanstack/react-query';
import { ChangePasswordForm } from './change-password-form';
import { EmailChangeForm } from './email-change-form';
import { PasskeysSection } from './passkeys-section';
import { SecurityLog } from './security-log';
import { SESSIONS_KEY, SessionsList } from './sessions-list';
import { TwoStepSection } from './two-step-section';
import { useT } from '#client/i18n';

export function SecurityTab() {
  const qc = useQueryClient();
  const t = useT('account');
  return (
    <div className="space-y-10">
      <section aria-labelledby="ec-heading">
        <h3 id="ec-heading" className="mb-2 text-base font-semibold text-ink-100">
          {t('emailChangeTitle')}
        </h3>
        <EmailChangeForm />
      </section>
      <section aria-labelledby="cp-heading">
        <h3 id="cp-heading" className="mb-4 text-base font-semibold text-ink-100">
          {t('changePassword')}
        </h3>
        <ChangePasswordForm onChanged={() => void qc.invalidateQueries({ queryKey: SESSIONS_KEY })} />
      </section>
      <section aria-labelledby="two-step-heading" id="two-step">
        <h3 id="two-step-heading" className="mb-2 text-base font-semibold text-ink-100">
          {t('twoStepTitle')}
        </h3>
        <TwoStepSection />
      </section>
      <section aria-labelledby="passkeys-heading" id="passkeys">
        <h3 id="passkeys-heading" className="mb-2 text-base font-semibold text-ink-100">
          {t('passkeysTitle')}
        </h3>
        <PasskeysSection />
      </section>
      <section aria-labelledby="sessions-heading">
        <h3 id="sessions-heading" className="text-base font-semibold text-ink-100">
          {t('whereSignedIn')}
        </h3>
        <p className="mb-2 mt-1 text-sm text-ink-400">{t('whereSignedInNote')}</p>
        <SessionsList />
      </section>
      <section aria-labelledby="security-log-heading" id="security-log">
        <h3 id="security-log-heading" className="text-base font-semibold text-ink-100">
          {t('securityLogTitle')}
        </h3>
        <p className="mb-2 mt-1 text-sm text-ink-400">{t('securityLogNote')}</p>
        <SecurityLog />
      </section>
    </div>
  );
}
