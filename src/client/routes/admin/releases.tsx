import { useState, type FormEvent } from 'react';
import { dateTime, type TimeZone } from '#shared/dates';
import type { ReleaseDto } from '#shared/schemas/releases';
import { englishError } from '#shared/errors';
import { messageOf } from '../../api/client';
import { Spinner } from '../../components/spinner';
import { AdminLayout } from '../../features/admin/admin-layout';
import { useExternalRelease, useReleases, useUpdateRelease, useUploadRelease } from '../../features/admin/releases/api';
import { RequireAdmin } from '../../features/admin/require-admin';
import { useTimeZone } from '../../features/auth/use-time-zone';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

const STATUS_TONE: Record<ReleaseDto['status'], string> = {
  draft: 'border-ink-600 text-ink-300',
  published: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  yanked: 'border-red-500/40 bg-red-500/10 text-red-300',
};

/** One release: version, channel, state, rollout, file and digest, with what an admin may do next. */
function ReleaseRow({ r, zone }: { r: ReleaseDto; zone: TimeZone }) {
  const update = useUpdateRelease();
  const [rollout, setRollout] = useState(String(r.rolloutPercent));
  const [error, setError] = useState('');
  const act = async (change: { status?: ReleaseDto['status']; rolloutPercent?: number; required?: boolean }) => {
    setError('');
    try {
      await update.mutateAsync({ id: r.id, ...change });
    } catch (err) {
      setError(messageOf(err, 'The release could not be changed'));
    }
  };
  return (
    <li className="py-4" data-testid="release-row">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
            <span className="text-base">v{r.version}</span>
            <span className="rounded-full border border-ink-600 px-2 py-0.5 text-xs text-ink-300">{r.channel}</span>
            <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS_TONE[r.status]}`} data-testid="release-status">
              {r.status}
            </span>
            {r.required && <span className="rounded-full border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs text-amber-200">required</span>}
            {r.status === 'published' && r.rolloutPercent < 100 && <span className="text-xs text-amber-300">rolled out to {r.rolloutPercent}%</span>}
          </p>
          <p className="mt-1 break-words text-ink-400">
            {r.fileName} · {mb(r.size)} · {r.blockmap ? 'with blockmap' : 'no blockmap'} · {r.signed ? 'signed for Tauri' : 'no Tauri signature'}
          </p>
          <p className="mt-1 text-ink-400" data-testid="release-downloads">
            {r.downloads.toLocaleString('en-IN')} {r.downloads === 1 ? 'download' : 'downloads'}
          </p>
          {r.sha256 && <p className="mt-1 break-all font-mono text-xs text-ink-500">SHA-256 {r.sha256}</p>}
          <p className="mt-1 text-ink-500">{r.publishedAt ? `Published ${dateTime(r.publishedAt, zone)}` : `Added ${dateTime(r.releasedAt, zone)}`}</p>
          {error && (
            <p role="alert" className="field-error mt-2">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`rollout-${r.id}`} className="label">
              Rollout %
            </label>
            <input id={`rollout-${r.id}`} className="input w-24" inputMode="numeric" value={rollout} onChange={(e) => setRollout(e.target.value.replace(/\D/g, '').slice(0, 3))} />
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={update.isPending || Number(rollout) === r.rolloutPercent || Number(rollout) > 100}
            onClick={() => void act({ rolloutPercent: Number(rollout) })}
          >
            Set rollout
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={update.isPending}
            title="A required release is named as min_app_version in every licence lease: older programs must update"
            onClick={() => void act({ required: !r.required })}
          >
            {r.required ? 'Not required' : 'Make required'}
          </button>
          {r.status !== 'published' && (
            <button type="button" className="btn-primary" disabled={update.isPending} onClick={() => void act({ status: 'published' })}>
              Publish v{r.version}
            </button>
          )}
          {r.status === 'published' && (
            <button type="button" className="btn-secondary border-red-500/40 text-red-200" disabled={update.isPending} onClick={() => void act({ status: 'yanked' })}>
              Yank v{r.version}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

const EMPTY = { version: '', channel: 'stable', notes: '', minOsVersion: '', rolloutPercent: '100', signature: '', url: '', size: '', sha512: '' };

/**
 * Add a release: its version and channel, notes, rollout, Tauri's signature, whether it is required, then the installer
 * and its blockmap (streamed up). An installer past the server's limit is refused here, before a byte is sent.
 */
function UploadForm({ maxBytes }: { maxBytes: number }) {
  const upload = useUploadRelease();
  const external = useExternalRelease();
  const [hosted, setHosted] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [required, setRequired] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [blockmap, setBlockmap] = useState<File | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!hosted && !file) return;
    if (!hosted && file!.size > maxBytes) return setMessage({ ok: false, text: englishError('RELEASE_TOO_LARGE', { maxMb: Math.floor(maxBytes / 1048576) }) });
    setMessage(null);
    const { url, size, sha512, ...rest } = fields;
    const common = { ...rest, rolloutPercent: Number(fields.rolloutPercent) || 0, required };
    try {
      const { data } = hosted
        ? await external.mutateAsync({ ...common, url: url.trim(), size: Number(size) || 0, sha512: sha512.trim() })
        : await upload.mutateAsync({ ...common, file: file!, blockmap });
      setMessage({ ok: true, text: `v${data.version} was added as a draft. Publish it when it is ready.` });
      setFields(EMPTY);
      setRequired(false);
      setFile(null);
      setBlockmap(null);
      (e.target as HTMLFormElement).reset();
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'The release could not be added') });
    }
  };
  const pending = upload.isPending || external.isPending;
  const ready = Boolean(fields.version) && (hosted ? Boolean(fields.url && fields.size && fields.sha512) : Boolean(file));
  return (
    <form onSubmit={(e) => void submit(e)} className="card mt-6 grid gap-4 p-5 sm:grid-cols-2" aria-label="Add a release" noValidate>
      <div>
        <label htmlFor="release-version" className="label">
          Version
        </label>
        <input id="release-version" className="input" placeholder="2.2.0" value={fields.version} onChange={set('version')} required />
      </div>
      <div>
        <label htmlFor="release-channel" className="label">
          Channel
        </label>
        <select id="release-channel" className="input" value={fields.channel} onChange={set('channel')}>
          <option value="stable">stable</option>
          <option value="beta">beta</option>
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="release-notes" className="label">
          Notes (Markdown)
        </label>
        <textarea
          id="release-notes"
          className="input min-h-24 font-mono text-sm"
          placeholder={'- Faster start\n- Fixed: the window flashed when shared'}
          value={fields.notes}
          onChange={set('notes')}
          aria-describedby="release-notes-hint"
        />
        <p id="release-notes-hint" className="mt-1 text-xs text-ink-500">
          Shown on the changelog, its RSS feed and in the update dialogs, in English.
        </p>
      </div>
      <div>
        <label htmlFor="release-rollout" className="label">
          Rollout %
        </label>
        <input id="release-rollout" className="input" inputMode="numeric" value={fields.rolloutPercent} onChange={set('rolloutPercent')} />
      </div>
      <div>
        <label htmlFor="release-min-os" className="label">
          Minimum Windows version (optional)
        </label>
        <input id="release-min-os" className="input" placeholder="10.0.19041" value={fields.minOsVersion} onChange={set('minOsVersion')} />
      </div>
      <div>
        <label htmlFor="release-signature" className="label">
          Tauri signature (.sig text, optional)
        </label>
        <input id="release-signature" className="input font-mono" value={fields.signature} onChange={set('signature')} />
      </div>
      <label className="flex items-start gap-3 text-sm text-ink-300 sm:col-span-2">
        <input type="checkbox" className="mt-1" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        <span>Required update: once published, every older program must update to it (the licence lease names it as min_app_version).</span>
      </label>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-300 sm:col-span-2">
        <legend className="label">Installer</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="release-source" checked={!hosted} onChange={() => setHosted(false)} />
          Upload it here
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="release-source" checked={hosted} onChange={() => setHosted(true)} />
          Hosted elsewhere (https)
        </label>
      </fieldset>
      {hosted ? (
        <>
          <div className="sm:col-span-2">
            <label htmlFor="release-url" className="label">
              Installer URL
            </label>
            <input id="release-url" className="input" type="url" placeholder="https://downloads.example.com/Stealth-Setup-2.2.0.exe" value={fields.url} onChange={set('url')} />
          </div>
          <div>
            <label htmlFor="release-size" className="label">
              Size in bytes
            </label>
            <input id="release-size" className="input" inputMode="numeric" value={fields.size} onChange={set('size')} />
          </div>
          <div>
            <label htmlFor="release-sha512" className="label">
              SHA-512 (base64, as in latest.yml)
            </label>
            <input id="release-sha512" className="input font-mono" value={fields.sha512} onChange={set('sha512')} />
          </div>
        </>
      ) : (
        <>
          <div>
            <label htmlFor="release-file" className="label">
              Installer file (at most {Math.floor(maxBytes / 1048576)} MB)
            </label>
            <input id="release-file" type="file" accept=".exe,.msi" className="input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <div>
            <label htmlFor="release-blockmap" className="label">
              Blockmap (optional, for differential updates)
            </label>
            <input id="release-blockmap" type="file" accept=".blockmap" className="input" onChange={(e) => setBlockmap(e.target.files?.[0] ?? null)} />
          </div>
        </>
      )}
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-emerald-300' : 'field-error'} data-testid="release-message">
            {message.text}
          </p>
        ) : (
          <span />
        )}
        <button type="submit" className="btn-primary" disabled={!ready || pending}>
          {upload.isPending ? 'Uploading…' : 'Add release'}
        </button>
      </div>
    </form>
  );
}

function Releases() {
  const { data, error, isPending, refetch } = useReleases();
  const zone = useTimeZone();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">Releases</h1>
      <p className="mt-1 text-ink-400">The desktop program&apos;s installers: the download, the update feeds and their rollout. A release stays a draft until published.</p>
      <UploadForm maxBytes={data?.maxBytes ?? Number.MAX_SAFE_INTEGER} />
      <div className="card mt-8 px-5 py-1">
        {isPending ? (
          <Spinner label="Loading the releases..." />
        ) : error ? (
          <div role="alert" className="py-6 text-red-100">
            <p>{messageOf(error, 'Failed to load the releases')}</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : data.releases.length === 0 ? (
          <p className="py-10 text-center text-ink-400">No release yet: the download uses INSTALLER_URL_WINDOWS.</p>
        ) : (
          <ul className="divide-y divide-ink-800">
            {data.releases.map((r) => (
              <ReleaseRow key={r.id} r={r} zone={zone} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** /admin/releases (decision 190). */
export function AdminReleasesPage() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <Releases />
      </AdminLayout>
    </RequireAdmin>
  );
}
