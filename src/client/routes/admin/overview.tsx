import { useSearchParams } from '../../components/router';
import { SITE_TIME_ZONE, shortDate } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { METRICS_PERIOD } from '#shared/metrics';
import type { AdminMetrics } from '#shared/schemas/metrics';
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
  note?: string;
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
      {note && <p className="mt-1 text-xs text-ink-400">{note}</p>}
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
          <p className="mt-1 text-sm text-ink-400">Revenue, subscriptions and trials. Days end at midnight in {SITE_TIME_ZONE}.</p>
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
