import { useSearchParams } from '../../components/router';
import { Page } from '../../components/page';
import { Tabs, type TabItem } from '../../components/tabs';
import { DangerZoneTab } from '../../features/account/settings/danger-zone-tab';
import { EmailVerificationTab } from '../../features/account/settings/email-verification-tab';
import { ProfileTab } from '../../features/account/settings/profile-tab';
import { SecurityTab } from '../../features/account/settings/security-tab';

type TabButton = 'profile' | 'security' | 'email' | 'danger';
const TABS: readonly TabItem<TabButton>[] = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
  { id: 'email', label: 'Email Verification' },
  { id: 'danger', label: 'Danger Zone', danger: true },
];
/** The spec keeps a Preferences body without a tab button: reachable as ?tab=preferences. */
type TabId = TabButton | 'preferences';

const BODIES: Record<TabId, { title: string; render: () => React.ReactNode }> = {
  profile: { title: 'Profile', render: () => <ProfileTab /> },
  preferences: { title: 'Preferences', render: () => <ProfileTab only="preferences" /> },
  security: { title: 'Security', render: () => <SecurityTab /> },
  email: { title: 'Email Verification', render: () => <EmailVerificationTab /> },
  danger: { title: 'Danger Zone', render: () => <DangerZoneTab /> },
};

/** /settings: Profile, Security, Email Verification and Danger Zone tabs (spec §2). */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabId | null;
  const active: TabId = requested && requested in BODIES ? requested : 'profile';

  const select = (id: TabId) => setParams(id === 'profile' ? {} : { tab: id }, { replace: true });

  return (
    <Page title="Settings" subtitle="Manage your profile, security and account.">
      <Tabs label="Settings" tabs={TABS} active={active === 'preferences' ? null : active} onSelect={select} tabId={(id) => `tab-${id}`} panelId={(id) => `panel-${id}`} />
      <section role="tabpanel" id={`panel-${active}`} aria-labelledby={active === 'preferences' ? undefined : `tab-${active}`} aria-label={active === 'preferences' ? 'Preferences' : undefined} className="card mt-6 max-sm:p-4">
        <h2 className="sr-only">{BODIES[active].title}</h2>
        <div key={active}>{BODIES[active].render()}</div>
      </section>
    </Page>
  );
}
