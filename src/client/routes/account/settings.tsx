import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { DangerZoneTab } from '../../features/account/settings/danger-zone-tab';
import { EmailVerificationTab } from '../../features/account/settings/email-verification-tab';
import { ProfileTab } from '../../features/account/settings/profile-tab';
import { SecurityTab } from '../../features/account/settings/security-tab';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
  { id: 'email', label: 'Email Verification' },
  { id: 'danger', label: 'Danger Zone' },
] as const;
/** The spec keeps a Preferences body without a tab button: reachable as ?tab=preferences. */
type TabId = (typeof TABS)[number]['id'] | 'preferences';

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
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (id: TabId) => setParams(id === 'profile' ? {} : { tab: id }, { replace: true });
  const onKey = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    select(TABS[next].id);
    refs.current[next]?.focus();
  };

  return (
    <Page title="Settings" subtitle="Manage your profile, security and account.">
      <div role="tablist" aria-label="Settings" className="-mx-1 flex gap-1 overflow-x-auto border-b border-ink-800 px-1">
        {TABS.map((t, i) => {
          const selected = active === t.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`panel-${t.id}`}
              tabIndex={selected || (active === 'preferences' && i === 0) ? 0 : -1}
              onClick={() => select(t.id)}
              onKeyDown={(e) => onKey(e, i)}
              className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium transition-colors ${
                selected ? 'border-accent-400 text-ink-100' : 'border-transparent text-ink-400 hover:text-ink-100'
              } ${t.id === 'danger' && !selected ? 'text-red-300/80' : ''}`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" id={`panel-${active}`} aria-labelledby={active === 'preferences' ? undefined : `tab-${active}`} aria-label={active === 'preferences' ? 'Preferences' : undefined} className="card mt-6">
        <h2 className="sr-only">{BODIES[active].title}</h2>
        <div key={active}>{BODIES[active].render()}</div>
      </section>
    </Page>
  );
}
