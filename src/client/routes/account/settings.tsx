import { useSearchParams } from '../../components/router';
import { Page } from '../../components/page';
import { Tabs, type TabItem } from '../../components/tabs';
import { DangerZoneTab } from '../../features/account/settings/danger-zone-tab';
import { RecoveryNotice } from '../../features/account/recovery-notice';
import { EmailVerificationTab } from '../../features/account/settings/email-verification-tab';
import { ProfileTab } from '../../features/account/settings/profile-tab';
import { SecurityTab } from '../../features/account/settings/security-tab';
import { useT } from '../../i18n';

type TabButton = 'profile' | 'security' | 'email' | 'danger';
/** The spec keeps a Preferences body without a tab button: reachable as ?tab=preferences. */
type TabId = TabButton | 'preferences';

const BODIES: Record<TabId, () => React.ReactNode> = {
  profile: () => <ProfileTab />,
  preferences: () => <ProfileTab only="preferences" />,
  security: () => <SecurityTab />,
  email: () => <EmailVerificationTab />,
  danger: () => <DangerZoneTab />,
};

/** /settings: Profile, Security, Email Verification and Danger Zone tabs. */
export function SettingsPage() {
  const t = useT('account');
  const [params, setParams] = useSearchParams();
  const titles: Record<TabId, string> = {
    profile: t('tabProfile'),
    preferences: t('tabPreferences'),
    security: t('tabSecurity'),
    email: t('tabEmail'),
    danger: t('tabDanger'),
  };
  const tabs: readonly TabItem<TabButton>[] = [
    { id: 'profile', label: titles.profile },
    { id: 'security', label: titles.security },
    { id: 'email', label: titles.email },
    { id: 'danger', label: titles.danger, danger: true },
  ];
  const requested = params.get('tab') as TabId | null;
  const active: TabId = requested && requested in BODIES ? requested : 'profile';

  const select = (id: TabId) => setParams(id === 'profile' ? {} : { tab: id }, { replace: true });

  return (
    <Page title={t('settingsTitle')} subtitle={t('settingsIntro')}>
      <div className="mb-6 empty:hidden">
        <RecoveryNotice />
      </div>
      <Tabs
        label={t('settingsTitle')}
        tabs={tabs}
        active={active === 'preferences' ? null : active}
        onSelect={select}
        tabId={(id) => `tab-${id}`}
        panelId={(id) => `panel-${id}`}
      />
      <section
        role="tabpanel"
        id={`panel-${active}`}
        aria-labelledby={active === 'preferences' ? undefined : `tab-${active}`}
        aria-label={active === 'preferences' ? titles.preferences : undefined}
        className="card mt-6 max-sm:p-4"
      >
        <h2 className="sr-only">{titles[active]}</h2>
        <div key={active}>{BODIES[active]()}</div>
      </section>
    </Page>
  );
}
