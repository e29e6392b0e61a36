import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../components/router';
import { SITE_TIME_ZONE, shortDate } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { METRICS_PERIOD } from '#shared/metrics';
import type { AdminMetrics, DeviceMetrics, SeatMetrics } from '#shared/schemas/metrics';
import { messageOf } from '../../api/client';
import { Spinner } from '../../components/spinner';
import { useMetrics } from '../../features/admin/metrics/api';
import { axisMoney, CHART_COLOURS, DayChart } from '../../features/admin/metrics/day-chart';

type Period = (typeof METRICS_PERIOD.choices)[number];

/** The period the address names (`?days=7`), else the default; only the offered periods. */
const periodFrom = (raw: string | null): Period => METRICS_PERIOD.choices.find((d) => String(d) === raw) ?? (METRICS_PERIOD.default as Period);

const count = (n: number) => n.toLocaleString('en-IN');
const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);

/**
 * A figure's size: as large as its card's width allows (a container query), a step smaller for a long one
 * (₹12,34,56,789.00); and should a card still be too narrow, the figure wraps rather than being cut.
 */
const figureSize = (value: string) =>
  value.length > 12
    ? 'text-sm @[9rem]:text-base @[11rem]:text-lg @[14rem]:text-xl @[18rem]:text-2xl'
    : value.length > 8
      ? 'text-xl @[11rem]:text-2xl @[15rem]:text-3xl'
      : 'text-2xl @[11rem]:text-3xl';

function Stat({
  label,
  value,
  note,
  testId,
  tone = 'text-ink-100',
  lines,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
  tone?: string;
  lines?: [string, string][];
}) {
  return (
    <div className="card @container p-5" data-testid={testId}>
      <p className="text-sm text-ink-400">{label}</p>
      <p data-figure className={`mt-2 font-bold tabular-nums [overflow-wrap:anywhere] ${figureSize(value)} ${tone}`}>
        {value}
      </p>
      {note && <div className="mt-1 text-xs text-ink-400">{note}</div>}
      {lines && (
        <dl className="mt-1 space-y-0.5 text-xs text-ink-400">
          {lines.map(([term, figure]) => (
            <div key={term} className="flex justify-between gap-2">
              <dt>{term}</dt>
              <dd className="tabular-nums text-ink-300">{figure}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function PeriodPicker({ days, onPick }: { days: Period; onPick: (d: Period) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-xl border border-ink-800 bg-ink-900 p-1">
      {METRICS_PERIOD.choices.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={d === days}
          onClick={() => onPick(d)}
          className={`rounded-lg px-3 py-1.5 text-sm font-medium tabular-nums ${d === days ? 'bg-ink-700 text-ink-100' : 'text-ink-400 hover:text-ink-100'}`}
        >
          {d} days
        </button>
      ))}
    </div>
  );
}

function ChartCard({ title, note, children }: { title: string; note: string; children: React.ReactNode }) {
  return (
    <section className="card min-w-0 p-5">
      <h2 className="font-semibold text-ink-100">{title}</h2>
      <p className="mt-1 text-sm text-ink-400">{note}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A table card of the overview: its heading above the table, the same look as "Active subscriptions by plan". */
function TableCard({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section className="card min-w-0 overflow-hidden p-0" aria-labelledby={id}>
      <div className="border-b border-ink-800 px-5 py-4">
        <h3 id={id} className="font-semibold text-ink-100">
          {title}
        </h3>
        {note && <p className="mt-1 text-sm text-ink-400">{note}</p>}
      </div>
      {children}
    </section>
  );
}

/** A column heading of the overview's tables; the figures' columns are right-aligned. */
const Th = ({ children, figure }: { children: ReactNode; figure?: boolean }) => (
  <th scope="col" className={`px-5 py-3 font-semibold ${figure ? 'text-right' : ''}`}>
    {children}
  </th>
);

/** What a seat row is about: the plan's name, the trial, or accounts with neither (refused at their next refresh). */
const seatLabel = (s: SeatMetrics) => (s.plan === 'trial' ? 'Trial' : s.plan === 'none' ? 'No plan or trial' : (s.name ?? s.plan));

function SeatRow({ s }: { s: SeatMetrics }) {
  const accounts = s.limit && s.offered !== null ? s.offered / s.limit : null;
  return (
    <tr className="border-t border-ink-800">
      <th scope="row" className="px-5 py-3 font-medium text-ink-100">
        {seatLabel(s)}
        {s.plan === 'none' && <span className="block text-xs font-normal text-ink-400">Refused at their next refresh</span>}
      </th>
      <td className="px-5 py-3 text-right tabular-nums text-ink-100">
        {s.offered === null ? count(s.used) : `${count(s.used)} of ${count(s.offered)}`}
        {s.limit !== null && accounts !== null && (
          <span className="block text-xs text-ink-400">
            {count(s.limit)} each × {accounts === 0 ? 'no account' : `${count(accounts)} ${accounts === 1 ? 'account' : 'accounts'}`}
          </span>
        )}
      </td>
      <td className="px-5 py-3 text-right tabular-nums text-ink-300">{percent(s.offered ? s.used / s.offered : null)}</td>
    </tr>
  );
}

/**
 * The desktop program's devices now (decision 188): those holding a seat, the versions they run (newest first, from
 * their refreshes), the seats used per plan against limit × accounts, and the devices flagged as copies.
 */
function Devices({ d }: { d: DeviceMetrics }) {
  // The seats given (limit × accounts) and those used on them; devices of accounts with neither plan nor trial have none.
  const given = d.seats.filter((s) => s.offered !== null);
  const offered = given.reduce((total, s) => total + (s.offered ?? 0), 0);
  const used = given.reduce((total, s) => total + s.used, 0);
  const newest = d.versions[0];
  const copies = 'The same installation also came from other hardware (a copied disk or virtual machine).';
  return (
    <section aria-labelledby="devices-heading" data-testid="metrics-devices">
      <h2 id="devices-heading" className="mt-10 text-lg font-semibold text-ink-100">
        Devices <span className="ml-2 text-sm font-normal text-ink-400">now</span>
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat testId="metric-devices" label="Active devices" value={count(d.active)} note={`Holding a seat: not removed and seen in the last ${d.idleDays} days`} />
        <Stat
          testId="metric-seats"
          label="Seats in use"
          value={percent(offered ? used / offered : null)}
          note={`${count(used)} of ${count(offered)} seats the plans and trials give`}
        />
        <Stat
          testId="metric-newest"
          label="Newest version"
          value={newest?.appVersion || '–'}
          note={newest ? `On ${count(newest.devices)} of them; ${count(d.versions.length)} ${d.versions.length === 1 ? 'version' : 'versions'} in use` : undefined}
        />
        <Stat
          testId="metric-clones"
          label="Flagged as copies"
          value={count(d.cloneFlagged)}
          tone={d.cloneFlagged ? 'text-red-300' : 'text-ink-100'}
          note={
            d.cloneFlagged ? (
              <>
                {copies}{' '}
                <Link to="/admin/customers" className="text-accent-300 underline decoration-accent-300/40 underline-offset-2">
                  Find the customer
                </Link>
                : their Devices list marks them.
              </>
            ) : (
              copies
            )
          }
        />
      </div>
      {d.active === 0 ? (
        <div className="card mt-6 text-center" data-testid="devices-empty">
          <p className="text-ink-100">No device holds a seat.</p>
          <p className="mt-1 text-sm text-ink-400">Devices appear here once a customer activates the desktop program and while it refreshes its licence.</p>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <TableCard id="versions-heading" title="App versions in use" note="Devices holding a seat, by the version their last refresh reported, newest first.">
            <table className="w-full text-left text-sm" data-testid="metrics-versions">
              <thead className="bg-ink-850 text-xs uppercase tracking-wide text-ink-400">
                <tr>
                  <Th>Version</Th>
                  <Th figure>Devices</Th>
                  <Th figure>Share</Th>
                </tr>
              </thead>
              <tbody>
                {d.versions.map((v) => (
                  <tr key={v.appVersion} className="border-t border-ink-800">
                    <th scope="row" className="break-all px-5 py-3 font-medium tabular-nums text-ink-100">
                      {v.appVersion || <span className="font-normal text-ink-400">Not reported</span>}
                    </th>
                    <td className="px-5 py-3 text-right tabular-nums text-ink-100">{count(v.devices)}</td>
                    <td className="px-5 py-3 text-right tabular-nums text-ink-300">{percent(v.devices / d.active)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
          <TableCard id="seats-heading" title="Seats used per plan" note="Devices holding a seat, of the plan’s limit × the accounts on it now.">
            <table className="w-full text-left text-sm" data-testid="metrics-seats">
              <thead className="bg-ink-850 text-xs uppercase tracking-wide text-ink-400">
                <tr>
                  <Th>Plan</Th>
                  <Th figure>Seats used</Th>
                  <Th figure>Share</Th>
                </tr>
              </thead>
              <tbody>
                {d.seats.map((s) => (
                  <SeatRow key={s.plan} s={s} />
                ))}
              </tbody>
            </table>
          </TableCard>
        </div>
      )}
    </section>
  );
}

function Figures({ m }: { m: AdminMetrics }) {
  const days = m.series.map((d) => d.date);
  const t = m.totals;
  const first = m.series[0]?.date;
  return (
    <>
      <h2 className="sr-only">Now</h2>
      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat testId="metric-mrr" label="Monthly recurring revenue" value={formatMoney(m.mrr, m.currency)} note="Renewing plans, each as a month" tone="text-accent-300" />
        <Stat testId="metric-active" label="Active subscriptions" value={count(m.activeSubscriptions)} note="Recurring plans with access now" />
        <Stat testId="metric-trials" label="Trials running" value={count(m.trialUsers)} note="On trial, no paid plan yet" tone="text-amber-300" />
        <Stat testId="metric-lifetime" label="Lifetime customers" value={count(m.lifetimeCustomers)} note="One-time purchase, not in MRR" />
      </div>

      <h2 className="mt-10 text-lg font-semibold text-ink-100">
        Last {m.days} days
        {first && <span className="ml-2 text-sm font-normal text-ink-400">since {shortDate(m.from, SITE_TIME_ZONE)}</span>}
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 2xl:grid-cols-6">
        <Stat
          testId="metric-revenue"
          label="Revenue"
          value={formatMoney(t.revenue, m.currency)}
          note={`${formatMoney(t.oneTimeRevenue, m.currency)} one-time (lifetime)`}
          tone="text-emerald-300"
        />
        <Stat testId="metric-refunds" label="Refunds" value={formatMoney(t.refunds, m.currency)} tone={t.refunds ? 'text-red-300' : 'text-ink-100'} />
        <Stat testId="metric-signups" label="New sign-ups" value={count(t.signups)} />
        <Stat
          testId="metric-conversion"
          label="Trial to paid"
          value={percent(t.trialConversionRate)}
          note={`${count(t.trialConversions)} of ${count(t.trialsStarted)} trials started`}
        />
        <Stat
          testId="metric-cancellations"
          label="Cancellations"
          value={count(t.cancellations)}
          lines={[
            ['By the customer', count(t.cancellationsByReason.customerCancelled)],
            ['Refunded', count(t.cancellationsByReason.refunded)],
            ['By an admin', count(t.cancellationsByReason.adminEnded)],
            ['Renewal failed', count(t.cancellationsByReason.paymentFailed)],
          ]}
        />
        <Stat testId="metric-downloads" label="Downloads" value={count(t.downloads)} />
      </div>

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <ChartCard title="Revenue and refunds" note="Received each day; the lifetime plan’s payments also shown on their own.">
          <DayChart
            label={`Revenue, one-time revenue and refunds a day over the last ${m.days} days`}
            days={days}
            format={(v) => axisMoney(v, m.currency)}
            emptyMax={10_000}
            series={[
              { label: 'Revenue', colour: CHART_COLOURS.emerald, values: m.series.map((d) => d.revenue), fill: true },
              { label: 'One-time', colour: CHART_COLOURS.accent, values: m.series.map((d) => d.oneTimeRevenue) },
              { label: 'Refunds', colour: CHART_COLOURS.red, values: m.series.map((d) => d.refunds) },
            ]}
          />
        </ChartCard>
        <ChartCard title="Sign-ups, cancellations and downloads" note="Counted each day.">
          <DayChart
            label={`Sign-ups, cancellations and downloads a day over the last ${m.days} days`}
            days={days}
            format={(v) => (Number.isInteger(v) ? count(v) : '')}
            series={[
              { label: 'Sign-ups', colour: CHART_COLOURS.accent, values: m.series.map((d) => d.signups), fill: true },
              { label: 'Cancellations', colour: CHART_COLOURS.amber, values: m.series.map((d) => d.cancellations) },
              { label: 'Downloads', colour: CHART_COLOURS.emerald, values: m.series.map((d) => d.downloads) },
            ]}
          />
        </ChartCard>
      </div>

      <section className="card mt-8 overflow-hidden p-0" aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="border-b border-ink-800 px-5 py-4 font-semibold text-ink-100">
          Active subscriptions by plan
        </h2>
        <table className="w-full text-left text-sm" data-testid="metrics-plans">
          <thead className="bg-ink-850 text-xs uppercase tracking-wide text-ink-400">
            <tr>
              <th scope="col" className="px-5 py-3 font-semibold">
                Plan
              </th>
              <th scope="col" className="px-5 py-3 text-right font-semibold">
                Active
              </th>
              <th scope="col" className="px-5 py-3 text-right font-semibold">
                Monthly value
              </th>
            </tr>
          </thead>
          <tbody>
            {m.plans.map((p) => (
              <tr key={p.code} className="border-t border-ink-800">
                <th scope="row" className="px-5 py-3 font-medium text-ink-100">
                  {p.name}
                </th>
                <td className="px-5 py-3 text-right tabular-nums text-ink-100">{count(p.active)}</td>
                <td className="px-5 py-3 text-right tabular-nums text-ink-300">{p.mrr === null ? 'One-time' : formatMoney(p.mrr, m.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <Devices d={m.devices} />
    </>
  );
}

/** The overview's body, its own chunk with the chart library (decision 078), loaded by overview-page.tsx. */
export function Overview() {
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params.get('days'));
  const { data, error, isPending, isPlaceholderData, refetch } = useMetrics(days);

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">Overview</h1>
          <p className="mt-1 text-sm text-ink-400">Revenue, subscriptions, trials and the desktop program’s devices. Days end at midnight in {SITE_TIME_ZONE}.</p>
        </div>
        <PeriodPicker days={days} onPick={(d) => setParams(d === METRICS_PERIOD.default ? {} : { days: String(d) })} />
      </div>

      {isPending ? (
        <Spinner label="Loading the figures..." />
      ) : error ? (
        <div role="alert" className="card mt-8 text-center">
          <p className="text-ink-100">{messageOf(error, 'Failed to load the figures')}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'} data-testid="metrics">
          <Figures m={data} />
        </div>
      )}
    </>
  );
}
